package checkcache

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/types/objectpath"
)

// analysed is a package analysed from source, with the object facts
// exported for it (for the summary).
type analysed struct {
	*Unit
	ownFacts []analysis.ObjectFact
	// problems are the errors the package was analysed with (syntax
	// and type errors, dependencies without facts).
	problems []PackageError
}

// factKey names a fact: about obj, or about pkg when obj is nil.
type factKey struct {
	obj types.Object
	pkg *types.Package
	t   reflect.Type
}

// analyse type-checks package id from source against its dependencies'
// export data, imports their facts (from factsOf) and runs the
// analyzers. It returns the facts exported for the package.
func (r *run) analyse(id string, analyzers []*analysis.Analyzer, factsOf func(string) ([]factRecord, error)) (*analysed, []factRecord, error) {
	p := r.pkgs[id]
	if p == nil {
		return nil, nil, fmt.Errorf("package %s is not in go list's output", id)
	}
	if id == "unsafe" || len(sourceFiles(p)) == 0 {
		return &analysed{Unit: &Unit{ID: id, Outcomes: map[*analysis.Analyzer]*Outcome{}}}, nil, nil
	}
	depFacts, problems := r.depFacts(id, p, factsOf)
	r.sem <- struct{}{} // the rest uses a core
	defer func() { <-r.sem }()
	fset := token.NewFileSet()
	files, perrs := parseFiles(fset, id, p)
	problems = append(perrs, problems...)
	if len(files) == 0 {
		return nil, nil, &pkgError{errs: problems}
	}
	c, terrs := r.typeCheck(id, p, fset, files)
	problems = append(problems, terrs...)
	x := &executor{p: p, c: c, fset: fset, files: files, facts: r.importFacts(c.imports, depFacts), outcomes: map[*analysis.Analyzer]*Outcome{}}
	u := &analysed{Unit: &Unit{ID: id, Fset: fset, Files: files, Pkg: c.pkg, Outcomes: map[*analysis.Analyzer]*Outcome{}}}
	if p.Module != nil {
		x.module = &analysis.Module{Path: p.Module.Path, Version: p.Module.Version, GoVersion: p.Module.GoVersion}
		u.ModuleDir = p.Module.Dir
	}
	for _, a := range analyzers {
		u.Outcomes[a] = x.exec(a)
	}
	out, own, err := r.exportFacts(c.pkg, x.facts)
	if err != nil {
		return nil, nil, err
	}
	u.ownFacts = own
	u.problems = problems
	return u, out, nil
}

// depFacts returns the facts of every dependency of p, computing them
// first if need be: the direct imports in parallel, which makes every
// dependency's ready. A dependency whose facts cannot be computed (on
// an import cycle, or with no source) is left out, as a problem.
func (r *run) depFacts(id string, p *listPkg, factsOf func(string) ([]factRecord, error)) (map[string][]factRecord, []PackageError) {
	var wg sync.WaitGroup
	for _, d := range p.Imports {
		if dp := r.pkgs[d]; dp != nil && d != "unsafe" && !isTestMain(dp) && !r.cyclic[d] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _ = factsOf(d)
			}()
		}
	}
	wg.Wait()
	out := map[string][]factRecord{}
	var problems []PackageError
	for _, d := range p.Deps {
		if dp := r.pkgs[d]; dp == nil || d == "unsafe" || isTestMain(dp) || len(sourceFiles(dp)) == 0 {
			continue // no source: what imports it does not type-check either
		}
		if r.cyclic[d] {
			problems = append(problems, PackageError{Pkg: id, Msg: fmt.Sprintf("dependency %s is on an import cycle", d)})
			continue
		}
		fs, err := factsOf(d)
		if err != nil {
			problems = append(problems, PackageError{Pkg: id, Msg: fmt.Sprintf("dependency %s: %v", d, err)})
			continue
		}
		out[d] = fs
	}
	return out, problems
}

// sourceFiles returns the files p is type-checked from: the compiled
// ones (cgo's output for cgo files) when go list could compute them,
// else the Go and cgo files as written (a package whose dependencies
// do not load has no compiled files; import "C" is then faked).
func sourceFiles(p *listPkg) []string {
	if len(p.CompiledGoFiles) > 0 {
		return p.CompiledGoFiles
	}
	return append(slices.Clone(p.GoFiles), p.CgoFiles...)
}

// fileNames returns the absolute names of p's compiled Go files.
func fileNames(p *listPkg) []string {
	src := sourceFiles(p)
	out := make([]string, len(src))
	for i, name := range src {
		if !filepath.IsAbs(name) {
			name = filepath.Join(p.Dir, name)
		}
		out[i] = name
	}
	return out
}

// parseFiles parses p's files. A file with syntax errors is left out
// (what it declares is then undefined, and invalid, in the others); its
// errors are returned with their positions.
func parseFiles(fset *token.FileSet, id string, p *listPkg) ([]*ast.File, []PackageError) {
	var files []*ast.File
	var problems []PackageError
	for _, name := range fileNames(p) {
		src, err := os.ReadFile(name)
		if err != nil {
			problems = append(problems, PackageError{Pkg: id, Pos: name, Msg: err.Error()})
			continue
		}
		f, err := parser.ParseFile(fset, name, src, parser.AllErrors|parser.ParseComments)
		if err != nil {
			var list scanner.ErrorList
			if errors.As(err, &list) && len(list) > 0 {
				for _, e := range list {
					problems = append(problems, PackageError{Pkg: id, Pos: e.Pos.String(), Msg: e.Msg})
				}
			} else {
				problems = append(problems, PackageError{Pkg: id, Pos: name, Msg: err.Error()})
			}
			continue
		}
		files = append(files, f)
	}
	return files, problems
}

// checked is a type-checked package.
type checked struct {
	pkg     *types.Package
	info    *types.Info
	sizes   types.Sizes
	imports map[string]*types.Package // by path, as the importer read them
}

// typeCheck type-checks p's files against its imports' export data,
// with errors tolerated as gopls does: what does not resolve (a missing
// import, an undefined name) has an invalid type, and the rest of the
// package is typed. The errors are returned as problems. An import
// without export data (a dependency that does not compile) is
// type-checked from source, with errors tolerated too.
func (r *run) typeCheck(id string, p *listPkg, fset *token.FileSet, files []*ast.File) (*checked, []PackageError) {
	c := &checked{imports: map[string]*types.Package{}, sizes: types.SizesFor("gc", runtime.GOARCH)}
	var problems []PackageError
	loading := map[string]bool{}
	var importerFor func(from *listPkg) types.Importer
	importerFor = func(from *listPkg) types.Importer {
		return importerFunc(func(path string) (*types.Package, error) {
			dep := path
			if m, ok := from.ImportMap[path]; ok {
				dep = m
			}
			if dep == "unsafe" {
				return types.Unsafe, nil
			}
			tp := trimPath(dep)
			if pkg, ok := c.imports[tp]; ok && pkg.Complete() {
				return pkg, nil
			}
			dp := r.pkgs[dep]
			switch {
			case dp == nil:
				return nil, fmt.Errorf("%s is not in go list's output", dep)
			case r.cyclic[dep]:
				return nil, fmt.Errorf("%s is on an import cycle", dep)
			case dp.Export == "" && len(sourceFiles(dp)) > 0 && !loading[dep]:
				loading[dep] = true
				defer delete(loading, dep)
				pkg, errs := r.checkSource(dep, dp, fset, c, importerFor(dp))
				if len(errs) > 0 {
					problems = append(problems, PackageError{Pkg: id, Msg: fmt.Sprintf("dependency %s does not type-check: %s: %s", tp, errs[0].Pos, errs[0].Msg)})
				}
				return pkg, nil
			case dp.Export == "":
				return nil, errors.New(firstListError(dp))
			}
			f, err := os.Open(dp.Export)
			if err != nil {
				return nil, err
			}
			defer f.Close()
			rd, err := gcexportdata.NewReader(f)
			if err != nil {
				return nil, fmt.Errorf("reading export data of %s: %v", dep, err)
			}
			return gcexportdata.Read(rd, fset, c.imports, tp)
		})
	}
	tc := typesConfig(id, p, files, importerFor(p), c.sizes, &problems)
	c.info = newInfo()
	c.pkg, _ = tc.Check(trimPath(id), fset, files, c.info)
	return c, problems
}

// checkSource type-checks dependency dep from source into c.imports,
// with errors tolerated (for a dependency without export data).
func (r *run) checkSource(dep string, dp *listPkg, fset *token.FileSet, c *checked, imp types.Importer) (*types.Package, []PackageError) {
	files, problems := parseFiles(fset, dep, dp)
	tc := typesConfig(dep, dp, files, imp, c.sizes, &problems)
	tp := trimPath(dep)
	pkg := types.NewPackage(tp, dp.Name)
	c.imports[tp] = pkg
	_ = types.NewChecker(tc, fset, pkg, nil).Files(files)
	pkg.MarkComplete()
	return pkg, problems
}

// typesConfig is the type checker's configuration for package id (p in
// go list's output): errors tolerated and appended to problems, the
// module's Go version, import "C" faked when cgo did not run.
func typesConfig(id string, p *listPkg, files []*ast.File, imp types.Importer, sizes types.Sizes, problems *[]PackageError) *types.Config {
	tc := &types.Config{
		Importer:    imp,
		Sizes:       sizes,
		FakeImportC: importsC(files),
		Error: func(err error) {
			pe := PackageError{Pkg: id, Msg: err.Error()}
			if te, ok := err.(types.Error); ok {
				pe.Pos, pe.Msg = te.Fset.Position(te.Pos).String(), te.Msg
			}
			*problems = append(*problems, pe)
		},
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	return tc
}

// importsC reports whether a file imports "C" (cgo files as written,
// when go list could not run cgo).
func importsC(files []*ast.File) bool {
	for _, f := range files {
		for _, imp := range f.Imports {
			if imp.Path.Value == `"C"` {
				return true
			}
		}
	}
	return false
}

// firstListError is the first line of go list's error for p (or its
// dependencies'), for an import that cannot be read.
func firstListError(p *listPkg) string {
	e := p.Error
	if e == nil && len(p.DepsErrors) > 0 {
		e = p.DepsErrors[0]
	}
	if e == nil {
		return "no export data for " + p.ImportPath
	}
	msg := strings.TrimSpace(e.Err)
	if strings.HasPrefix(msg, "#") {
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = strings.TrimSpace(msg[i+1:])
		}
	}
	msg, _, _ = strings.Cut(msg, "\n")
	msg, _, _ = strings.Cut(msg, "; to add it:")
	return msg
}

func newInfo() *types.Info {
	return &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
}

// importFacts decodes the dependencies' facts about the packages and
// objects this package's view of them holds (a fact about an object
// the package cannot reach is not needed).
func (r *run) importFacts(imports map[string]*types.Package, depFacts map[string][]factRecord) map[factKey]analysis.Fact {
	facts := map[factKey]analysis.Fact{}
	for _, fs := range depFacts {
		for _, rec := range fs {
			dp := imports[rec.Pkg]
			t := r.types[rec.Type]
			if dp == nil || t == nil {
				continue
			}
			k := factKey{pkg: dp, t: t}
			if rec.Obj != "" {
				obj, err := objectpath.Object(dp, objectpath.Path(rec.Obj))
				if err != nil {
					continue
				}
				k.obj = obj
			}
			f := reflect.New(t.Elem()).Interface().(analysis.Fact)
			if len(rec.Data) > 0 {
				if err := gob.NewDecoder(bytes.NewReader(rec.Data)).Decode(f); err != nil {
					continue
				}
			}
			facts[k] = f
		}
	}
	return facts
}

// exportFacts encodes the facts about pkg and its objects. Facts about
// objects importers cannot name (local objects) are left out.
func (r *run) exportFacts(pkg *types.Package, facts map[factKey]analysis.Fact) ([]factRecord, []analysis.ObjectFact, error) {
	var out []factRecord
	var own []analysis.ObjectFact
	var enc objectpath.Encoder
	for k, f := range facts {
		if k.pkg != pkg {
			continue
		}
		rec := factRecord{Pkg: pkg.Path(), Type: r.names[k.t]}
		if k.obj != nil {
			path, err := enc.For(k.obj)
			if err != nil {
				continue
			}
			rec.Obj = string(path)
			own = append(own, analysis.ObjectFact{Object: k.obj, Fact: f})
		}
		if k.t.Elem().Kind() == reflect.Struct && k.t.Elem().NumField() > 0 {
			var buf bytes.Buffer
			if err := gob.NewEncoder(&buf).Encode(f); err != nil {
				return nil, nil, fmt.Errorf("encoding a %s fact: %v", rec.Type, err)
			}
			rec.Data = buf.Bytes()
		}
		out = append(out, rec)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Obj != out[j].Obj {
			return out[i].Obj < out[j].Obj
		}
		return out[i].Type < out[j].Type
	})
	return out, own, nil
}

// executor runs analyzers, and what they require, over one package.
type executor struct {
	p        *listPkg
	c        *checked
	module   *analysis.Module
	files    []*ast.File
	fset     *token.FileSet
	facts    map[factKey]analysis.Fact
	outcomes map[*analysis.Analyzer]*Outcome
}

func (x *executor) exec(a *analysis.Analyzer) *Outcome {
	if o, ok := x.outcomes[a]; ok {
		return o
	}
	o := new(Outcome)
	x.outcomes[a] = o
	inputs := map[*analysis.Analyzer]any{}
	var failed []string
	for _, req := range a.Requires {
		ro := x.exec(req)
		if ro.Err != nil {
			failed = append(failed, req.Name)
			continue
		}
		inputs[req] = ro.Result
	}
	if failed != nil {
		sort.Strings(failed)
		o.Err = fmt.Errorf("failed prerequisites: %s", strings.Join(failed, ", "))
		return o
	}
	o.Result, o.Err = runAnalyzer(a, x.pass(a, inputs, o))
	return o
}

// pass returns a's pass over the package; its diagnostics go to o.
func (x *executor) pass(a *analysis.Analyzer, inputs map[*analysis.Analyzer]any, o *Outcome) *analysis.Pass {
	pkg := x.c.pkg
	own := map[reflect.Type]bool{}
	for _, f := range a.FactTypes {
		own[reflect.TypeOf(f)] = true
	}
	get := func(k factKey, fact analysis.Fact) bool {
		f, ok := x.facts[k]
		if ok {
			reflect.ValueOf(fact).Elem().Set(reflect.ValueOf(f).Elem())
		}
		return ok
	}
	files := fileNames(x.p)
	return &analysis.Pass{
		Analyzer:   a,
		Fset:       x.fset,
		Files:      x.files,
		Pkg:        pkg,
		TypesInfo:  x.c.info,
		TypesSizes: x.c.sizes,
		ResultOf:   inputs,
		Module:     x.module,
		Report:     func(d analysis.Diagnostic) { o.Diagnostics = append(o.Diagnostics, d) },
		ImportObjectFact: func(obj types.Object, fact analysis.Fact) bool {
			return obj != nil && get(factKey{obj: obj, pkg: obj.Pkg(), t: reflect.TypeOf(fact)}, fact)
		},
		ExportObjectFact: func(obj types.Object, fact analysis.Fact) {
			if obj.Pkg() != pkg {
				panic(fmt.Sprintf("%s: fact about %s, not in package %s", a.Name, obj, pkg.Path()))
			}
			x.facts[factKey{obj: obj, pkg: pkg, t: reflect.TypeOf(fact)}] = fact
		},
		ImportPackageFact: func(fp *types.Package, fact analysis.Fact) bool {
			return get(factKey{pkg: fp, t: reflect.TypeOf(fact)}, fact)
		},
		ExportPackageFact: func(fact analysis.Fact) {
			x.facts[factKey{pkg: pkg, t: reflect.TypeOf(fact)}] = fact
		},
		AllObjectFacts: func() []analysis.ObjectFact {
			var out []analysis.ObjectFact
			for k, f := range x.facts {
				if k.obj != nil && own[k.t] {
					out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
				}
			}
			return out
		},
		AllPackageFacts: func() []analysis.PackageFact {
			var out []analysis.PackageFact
			for k, f := range x.facts {
				if k.obj == nil && own[k.t] {
					out = append(out, analysis.PackageFact{Package: k.pkg, Fact: f})
				}
			}
			return out
		},
		ReadFile: func(name string) ([]byte, error) {
			for _, f := range files {
				if f == name {
					return os.ReadFile(name)
				}
			}
			return nil, fmt.Errorf("%s is not a file of package %s", name, x.p.ImportPath)
		},
	}
}

// runAnalyzer runs a, turning a panic into an error: an analyzer that
// fails on one package does not stop the run.
func runAnalyzer(a *analysis.Analyzer, pass *analysis.Pass) (res any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
		}
	}()
	return a.Run(pass)
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
