package checkcache

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"math/bits"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/internal/pkgpath"
)

// Config configures Run.
type Config struct {
	// Dir is where go list runs; Patterns are its package patterns.
	Dir      string
	Patterns []string
	// Tests also analyses the packages' test variants.
	Tests bool
	// Analyzers run on the roots in phase B; FactAnalyzers run on
	// every package in phase A, for their facts.
	Analyzers     []*analysis.Analyzer
	FactAnalyzers []*analysis.Analyzer
	// Summarize returns a root's summary from the object facts phase A
	// exported for its own package (nil: no summary).
	Summarize func(facts []analysis.ObjectFact) ([]byte, error)
	// Install installs the summaries of every root before phase B;
	// done is called after it.
	Install func(summaries [][]byte) (done func(), err error)
	// Report turns a root's phase B analysis into the bytes Run returns
	// for it (and caches).
	Report func(u *Unit) ([]byte, error)
	// NoStdFacts says that the analyzers export no facts about the
	// standard library (tablelint's facts are about code that uses the
	// Azure SDK, which the standard library never imports): its packages
	// are then not analysed unless they are roots.
	NoStdFacts bool
	// Needs, if not empty, are the import paths a package must reach
	// (be, import, or depend on) to hold anything the analyzers report,
	// itself or through another package of its module (calls through
	// interfaces): the others are not type-checked (their Unit is
	// Skipped), which go list's dependency data decides before any
	// type is loaded.
	Needs []string
	// Note, if not nil, is told how the packages were listed when the
	// module did not load as found (see listPackages), one line a note.
	Note func(string)
	// Cache keeps the entries (nil: none). ToolID identifies the
	// analyzers (Cache.ToolID); Salt is more key material for phase B
	// (flags, and what the report holds): runs with other Analyzers or
	// another Report must have another Salt.
	//
	// Phase A's entries are keyed by ToolID and the names of the
	// FactAnalyzers, not by Salt: runs with the same fact analyzers (a
	// check and an extract) compute the same facts and summaries, and
	// share them. Facts must therefore not depend on analyzer flags.
	Cache  *Cache
	ToolID string
	Salt   string
}

// Unit is a root package analysed in phase B, for Config.Report.
type Unit struct {
	ID        string // go list's ImportPath: "p", "p [p.test]", "p_test [p.test]"
	ModuleDir string // the directory of the package's module ("" if none)
	Fset      *token.FileSet
	Files     []*ast.File
	Pkg       *types.Package
	// Outcomes holds what each of Config.Analyzers did.
	Outcomes map[*analysis.Analyzer]*Outcome
	// Skipped says the package cannot reach Config.Needs: no analyzer
	// ran (it counts as analysed, with nothing to report).
	Skipped bool
}

// Outcome is what an analyzer did on a package.
type Outcome struct {
	Result      any
	Diagnostics []analysis.Diagnostic
	Err         error
}

// Report is a root's report (Config.Report's bytes).
type Report struct {
	ID   string
	Data []byte
}

// PackageError is a problem that kept a package from being analysed,
// or (Partial) that it was analysed with: Pos is "file:line:col" (or "")
// and Msg the problem. A partial package was type-checked with errors
// tolerated, so what does not resolve (a missing import, a file with a
// syntax error) has invalid types and holds no findings; More counts
// its other problems.
type PackageError struct {
	Pkg, Pos, Msg string
	Partial       bool
	More          int
}

// Stats counts the entries a run read and computed.
type Stats struct {
	Hits, Misses int
}

type listModule struct {
	Path, Version, Dir, GoVersion string
	Main                          bool
}

type listError struct {
	ImportStack []string
	Pos, Err    string
}

type listPkg struct {
	ImportPath, Name, Dir, Export, BuildID, ForTest string
	DepOnly, Standard, Incomplete                   bool
	ImportMap                                       map[string]string
	Imports, Deps, CompiledGoFiles, GoFiles         []string
	CgoFiles                                        []string
	Module                                          *listModule
	Error                                           *listError
	DepsErrors                                      []*listError
}

// goList runs go list -export over the patterns (with more flags and
// environment variables) and returns every package, dependencies first.
// Deps is not asked of go list but computed from Imports (setDeps): it
// was most of go list's output (60% of its bytes on the aztables module),
// encoded by go list and decoded here on every run, warm or not.
func goList(dir string, patterns []string, tests bool, flags []string, env ...string) ([]*listPkg, error) {
	args := []string{"list", "-e", "-export", "-compiled", "-deps",
		"-json=ImportPath,Name,Dir,Export,BuildID,ForTest,DepOnly,Standard,Incomplete,ImportMap,Imports,CompiledGoFiles,GoFiles,CgoFiles,Module,Error,DepsErrors"}
	if tests {
		args = append(args, "-test")
	}
	args = append(args, flags...)
	args = append(args, "--")
	args = append(args, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	if len(env) > 0 {
		cmd.Env = append(os.Environ(), env...)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("go list: %s", msg)
	}
	var pkgs []*listPkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		p := new(listPkg)
		if err := dec.Decode(p); err != nil {
			return nil, fmt.Errorf("reading go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	setDeps(pkgs)
	return pkgs, nil
}

// setDeps sets every package's Deps as go list computes them: the
// packages its Imports reach, itself excepted unless on a cycle, sorted,
// without "C" (cgo's pseudo-package, which Imports name but go list never
// lists). On an acyclic graph (the usual one) a package's Deps are a set
// of bits, one a package in the order of their import paths: the union
// of its imports' and theirs, one OR a word, read back sorted; a graph
// with a cycle falls back to a walk from every package.
func setDeps(pkgs []*listPkg) {
	index := make(map[string]int, len(pkgs))
	for i, p := range pkgs {
		index[p.ImportPath] = i
	}
	byRank := make([]int, len(pkgs))
	for i := range byRank {
		byRank[i] = i
	}
	slices.SortFunc(byRank, func(a, b int) int { return strings.Compare(pkgs[a].ImportPath, pkgs[b].ImportPath) })
	rank := make([]int, len(pkgs))
	for r, i := range byRank {
		rank[i] = r
	}
	const (
		unseen = iota
		onStack
		done
	)
	words := (len(pkgs) + 63) / 64
	set := make([]uint64, len(pkgs)*words) // package i's Deps: set[i*words:][:words], by rank
	state := make([]int8, len(pkgs))
	unlisted := make([][]string, len(pkgs)) // imports go list did not list
	cyclic := false
	var visit func(i int)
	visit = func(i int) {
		state[i] = onStack
		for _, imp := range pkgs[i].Imports {
			if j, ok := index[imp]; ok {
				switch state[j] {
				case unseen:
					visit(j)
				case onStack:
					cyclic = true
				}
			}
		}
		state[i] = done
		if cyclic {
			return
		}
		d := set[i*words:][:words]
		var u []string
		for _, imp := range pkgs[i].Imports {
			j, ok := index[imp]
			if !ok {
				if imp != "C" && !slices.Contains(u, imp) {
					u = append(u, imp)
				}
				continue
			}
			d[rank[j]/64] |= 1 << (rank[j] % 64)
			for w, x := range set[j*words:][:words] {
				d[w] |= x
			}
			for _, s := range unlisted[j] {
				if !slices.Contains(u, s) {
					u = append(u, s)
				}
			}
		}
		unlisted[i] = u
	}
	for i := range pkgs {
		if state[i] == unseen && !cyclic {
			visit(i)
		}
	}
	if cyclic {
		for i, p := range pkgs {
			p.Deps = walkDeps(pkgs, index, i)
		}
		return
	}
	for i, p := range pkgs {
		d := set[i*words:][:words]
		n := len(unlisted[i])
		for _, x := range d {
			n += bits.OnesCount64(x)
		}
		names := make([]string, 0, n)
		for w, x := range d {
			for x != 0 {
				b := bits.TrailingZeros64(x)
				x &^= 1 << b
				names = append(names, pkgs[byRank[w*64+b]].ImportPath)
			}
		}
		if len(unlisted[i]) > 0 {
			names = append(names, unlisted[i]...)
			slices.Sort(names)
		}
		p.Deps = names
	}
}

// walkDeps is package i's Deps found by a walk of the import graph
// (setDeps on a graph with a cycle).
func walkDeps(pkgs []*listPkg, index map[string]int, i int) []string {
	seen := map[string]bool{}
	queue := slices.Clone(pkgs[i].Imports)
	for len(queue) > 0 {
		imp := queue[0]
		queue = queue[1:]
		if imp == "C" || seen[imp] {
			continue
		}
		seen[imp] = true
		if j, ok := index[imp]; ok {
			queue = append(queue, pkgs[j].Imports...)
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// isTestMain reports a generated test main package (p.test).
func isTestMain(p *listPkg) bool {
	return p.Name == "main" && p.ForTest == "" && strings.HasSuffix(p.ImportPath, ".test")
}

// factRecord is one exported fact: about object Obj (an objectpath) of
// package Pkg, or about the package itself when Obj is "".
type factRecord struct {
	Pkg, Obj, Type string
	Data           []byte
}

type entryA struct {
	Sources Key // see sources.go
	Facts   []factRecord
	Summary []byte
}

type entryB struct {
	Sources Key
	Facts   []factRecord
	Report  []byte
}

// run holds one Run's state.
type run struct {
	cfg    *Config
	pkgs   map[string]*listPkg
	roots  map[string]bool // roots that can be analysed (phase B)
	types  map[string]reflect.Type
	names  map[reflect.Type]string
	mu     sync.Mutex // guards stats, a and b
	stats  Stats
	keysA  map[string]Key
	keysB  map[string]Key
	a      map[string]*future[entryA]
	b      map[string]*future[entryB]
	sem    chan struct{} // one token per package analysed at once
	errs   []PackageError
	failed map[string]bool
	prog   string
	// cyclic holds the packages on an import cycle (never analysed);
	// reach, when Config.Needs is set, the packages that can reach
	// one of them; stable the packages whose keys are built from build
	// IDs all the way down (the others are neither read nor stored).
	cyclic  map[string]bool
	reach   map[string]bool
	stable  map[string]bool
	partial map[string]bool // roots already reported as partial
	// factSalt names the fact analyzers, for phase A's keys.
	factSalt string
	// files and dirty: see sources.go.
	files map[string]Key
	dirty sync.Map
}

// Run analyses the packages matching cfg.Patterns. It returns a report
// for every root that could be analysed, in go list's order (a package
// and its test variant: only the variant, in the package's place), and
// the problems of those that could not.
// err is for failures that stop everything (go list cannot run).
func Run(cfg *Config) ([]Report, []PackageError, Stats, error) {
	l, err := listPackages(cfg.Dir, cfg.Patterns, cfg.Tests)
	if err != nil {
		return nil, nil, Stats{}, err
	}
	if cfg.Note != nil {
		for _, n := range l.notes {
			cfg.Note(n)
		}
	}
	list := l.pkgs
	r := &run{cfg: cfg, pkgs: map[string]*listPkg{}, roots: map[string]bool{},
		types: map[string]reflect.Type{}, names: map[reflect.Type]string{},
		keysA: map[string]Key{}, keysB: map[string]Key{}, a: map[string]*future[entryA]{}, b: map[string]*future[entryB]{},
		failed: map[string]bool{}, cyclic: map[string]bool{}, stable: map[string]bool{}, partial: map[string]bool{}, sem: make(chan struct{}, runtime.GOMAXPROCS(0))}
	r.registerFacts(append(slices.Clone(cfg.Analyzers), cfg.FactAnalyzers...))
	for _, a := range cfg.FactAnalyzers {
		r.factSalt += a.Name + ";"
	}
	for _, p := range list {
		r.pkgs[p.ImportPath] = p
	}
	r.errs = append(r.errs, l.left...)
	r.findCycles(list)
	r.reachable(list)
	seenErr := map[string]bool{}
	addErr := func(pkg string, e *listError) {
		for _, pe := range packageErrors(cfg.Dir, pkg, e) {
			k := pe.Pos + "\x00" + pe.Msg
			if !seenErr[k] {
				seenErr[k] = true
				r.errs = append(r.errs, pe)
			}
		}
	}
	var roots []string
	for _, p := range list {
		if p.DepOnly || isTestMain(p) {
			continue
		}
		switch {
		case r.cyclic[p.ImportPath]:
			e := p.Error
			if e == nil {
				e = &listError{Err: "import cycle not allowed"}
			}
			addErr(p.ImportPath, e)
			continue
		case len(sourceFiles(p)) == 0 && p.ImportPath != "unsafe":
			// A directory of test files only has an empty package
			// beside its test variant, which is analysed: nothing to
			// say about the empty one unless go list found a problem.
			if p.Error != nil {
				addErr(p.ImportPath, p.Error)
			} else if len(p.DepsErrors) > 0 {
				addErr(p.ImportPath, p.DepsErrors[0])
			}
			continue
		}
		// A package with errors (its own or its dependencies') is
		// analysed with the types that resolve; its problems are
		// reported as it is analysed.
		r.roots[p.ImportPath] = true
		roots = append(roots, p.ImportPath)
	}
	// A package and its test variant: report the variant only (it has
	// every file of the package), where go list lists the package (go
	// list -test lists the test variants after every package; reports
	// keep the packages' order).
	var report []string
	for _, id := range roots {
		p := r.pkgs[id]
		switch {
		case p.ForTest == "" && r.roots[id+" ["+id+".test]"]:
			report = append(report, id+" ["+id+".test]")
		case p.ForTest != "" && trimPath(id) == p.ForTest && r.roots[p.ForTest]:
			// reported where its package is
		default:
			report = append(report, id)
		}
	}
	if len(report) == 0 {
		return nil, r.sortedErrs(list), r.stats, nil
	}
	// Keys first (they are read-only while packages are analysed in
	// parallel).
	for _, p := range list {
		r.keyA(p.ImportPath)
	}
	r.hashSources()
	// Phase A: every root's summary.
	entries := make([]*entryA, len(roots))
	errs := make([]error, len(roots))
	var wg sync.WaitGroup
	for i, id := range roots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			entries[i], errs[i] = r.entryA(id)
		}()
	}
	wg.Wait()
	summaries := make([][]byte, 0, len(roots))
	var analysed []string
	for i, id := range roots {
		if errs[i] != nil {
			r.fail(id, errs[i])
			continue
		}
		summaries = append(summaries, entries[i].Summary)
		analysed = append(analysed, id)
	}
	h := NewKey(append([]string{"program"}, func() []string {
		var s []string
		for i, id := range analysed {
			s = append(s, id, string(summaries[i]))
		}
		return s
	}()...)...)
	r.prog = h.String()
	done, err := cfg.Install(summaries)
	if err != nil {
		return nil, nil, r.stats, err
	}
	defer done()
	// Phase B: every root's report.
	for _, id := range roots {
		r.keyB(id)
	}
	reports := make([]*entryB, len(report))
	errs = make([]error, len(report))
	for i, id := range report {
		if !r.failed[id] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				reports[i], errs[i] = r.entryB(id)
			}()
		}
	}
	wg.Wait()
	var out []Report
	for i, id := range report {
		if r.failed[id] {
			continue
		}
		if errs[i] != nil {
			r.fail(id, errs[i])
			continue
		}
		out = append(out, Report{ID: id, Data: reports[i].Report})
	}
	return out, r.sortedErrs(list), r.stats, nil
}

// sortedErrs returns the problems in go list's order of their packages
// (roots are analysed in parallel), each once: a package and its test
// variant share their files, and their problems.
func (r *run) sortedErrs(list []*listPkg) []PackageError {
	order := map[string]int{}
	for i, p := range list {
		order[p.ImportPath] = i
	}
	errs := slices.Clone(r.errs)
	slices.SortStableFunc(errs, func(a, b PackageError) int { return order[a.Pkg] - order[b.Pkg] })
	seen := map[string]bool{}
	out := errs[:0]
	for _, e := range errs {
		k := trimPath(e.Pkg) + "\x00" + e.Pos + "\x00" + e.Msg
		if !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	return out
}

func (r *run) fail(id string, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failed[id] {
		return
	}
	r.failed[id] = true
	var pe *pkgError
	if errors.As(err, &pe) {
		r.errs = append(r.errs, pe.errs...)
		return
	}
	r.errs = append(r.errs, PackageError{Pkg: id, Msg: err.Error()})
}

// pkgError carries a package's type errors.
type pkgError struct{ errs []PackageError }

func (e *pkgError) Error() string { return e.errs[0].Pos + ": " + e.errs[0].Msg }

// registerFacts names every fact type of the analyzers and what they
// require.
func (r *run) registerFacts(as []*analysis.Analyzer) {
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, req := range a.Requires {
			visit(req)
		}
		for _, f := range a.FactTypes {
			t := reflect.TypeOf(f)
			name := t.Elem().PkgPath() + "." + t.Elem().Name()
			r.types[name] = t
			r.names[t] = name
		}
	}
	for _, a := range as {
		visit(a)
	}
}

// keyA is the phase A key of package id. It also decides whether id is
// stable: its key is made of build IDs (the go command's hashes of the
// content) all the way down. A package with errors has no build ID, so
// its key would not change with its files: it is never cached.
func (r *run) keyA(id string) Key {
	if k, ok := r.keysA[id]; ok {
		return k
	}
	p := r.pkgs[id]
	if p == nil || r.cyclic[id] {
		// "C" (cgo's pseudo-package) is never listed; it is part of
		// its importers' build IDs.
		k := NewKey("A", "unlisted", id)
		r.keysA[id] = k
		r.stable[id] = id == "C" && p == nil
		return k
	}
	stable := p.BuildID != "" || id == "unsafe"
	parts := []string{"A", r.cfg.ToolID, r.factSalt, id}
	parts = append(parts, p.BuildID, p.Dir)
	for _, imp := range p.Imports {
		k := r.keyA(imp)
		stable = stable && r.stable[imp]
		parts = append(parts, imp, string(k[:]))
	}
	k := NewKey(parts...)
	r.keysA[id] = k
	r.stable[id] = stable
	return k
}

// findCycles marks the packages on an import cycle (go list reports
// them; a package importing itself through a test file is one). Their
// keys and facts would otherwise recurse without end.
func (r *run) findCycles(list []*listPkg) {
	const (
		unseen = iota
		onStack
		done
	)
	state := map[string]int{}
	var stack []string
	var visit func(id string)
	visit = func(id string) {
		state[id] = onStack
		stack = append(stack, id)
		if p := r.pkgs[id]; p != nil {
			for _, imp := range p.Imports {
				switch state[imp] {
				case unseen:
					visit(imp)
				case onStack:
					for i := len(stack) - 1; i >= 0; i-- {
						r.cyclic[stack[i]] = true
						if stack[i] == imp {
							break
						}
					}
				}
			}
		}
		stack = stack[:len(stack)-1]
		state[id] = done
	}
	for _, p := range list {
		if state[p.ImportPath] == unseen {
			visit(p.ImportPath)
		}
	}
}

// reachable decides, from go list's dependency lists, which packages
// can reach one of Config.Needs (r.reach stays nil without Needs): the
// packages that are one of them or depend on one, and every package
// matching the patterns in the module of such a package.
func (r *run) reachable(list []*listPkg) {
	if len(r.cfg.Needs) == 0 {
		return
	}
	within := map[string]bool{} // pkgpath.Within of a path, once a path
	needs := func(path string) bool {
		ok, seen := within[path]
		if !seen {
			ok = pkgpath.Within(path, r.cfg.Needs)
			within[path] = ok
		}
		return ok
	}
	r.reach = map[string]bool{}
	known := map[string]bool{} // reaches Needs through its Deps
	for _, p := range list {
		ok := needs(trimPath(p.ImportPath))
		for _, d := range p.Deps {
			ok = ok || needs(d)
		}
		known[p.ImportPath] = ok
		// A package go list could not complete may miss dependencies
		// in Deps (an unresolved import hides what it imports): it is
		// analysed, and reported incomplete.
		r.reach[p.ImportPath] = ok || p.Incomplete
	}
	// Calls through interfaces reach implementations anywhere in the
	// program (the whole-program summary): a package of a module one
	// of whose packages reaches the SDK is analysed whatever it imports.
	// Only a package known to reach it widens the set: one analysed
	// because it is incomplete (a test's dependency missing from the
	// module cache, say) does not make its whole module analysed.
	modules := map[string]bool{}
	for _, p := range list {
		if !p.DepOnly && known[p.ImportPath] {
			modules[modulePath(p)] = true
		}
	}
	for _, p := range list {
		if !p.DepOnly && modules[modulePath(p)] {
			r.reach[p.ImportPath] = true
		}
	}
}

func modulePath(p *listPkg) string {
	if p.Module == nil {
		return ""
	}
	return p.Module.Path
}

// skipped reports whether package id cannot reach Config.Needs.
func (r *run) skipped(id string) bool {
	return r.reach != nil && !r.reach[id]
}

// keyB is the phase B key of root id: it holds the program's summary.
func (r *run) keyB(id string) Key {
	if k, ok := r.keysB[id]; ok {
		return k
	}
	p := r.pkgs[id]
	parts := []string{"B", r.cfg.ToolID, r.cfg.Salt, r.prog, id, p.BuildID, p.Dir, fmt.Sprint(r.skipped(id))}
	for _, imp := range p.Imports {
		var k Key
		if r.roots[imp] {
			k = r.keyB(imp)
		} else {
			k = r.keyA(imp)
		}
		parts = append(parts, imp, string(k[:]))
	}
	k := NewKey(parts...)
	r.keysB[id] = k
	return k
}

func (r *run) load(k Key, v any, sources *Key, want Key) bool {
	data, ok := r.cfg.Cache.Get(k)
	if !ok {
		return false
	}
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(v); err != nil {
		r.cfg.Cache.bad(k, "does not decode")
		reflect.ValueOf(v).Elem().SetZero()
		return false
	}
	if *sources != want {
		// Computed from other sources than the files now hold (one was
		// edited during the run that stored it): stale.
		reflect.ValueOf(v).Elem().SetZero()
		return false
	}
	r.mu.Lock()
	r.stats.Hits++
	r.mu.Unlock()
	return true
}

func (r *run) store(id string, k Key, v any) {
	if !r.unchanged(id) {
		return // a file changed during the run: the results may be the new content's
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(v); err == nil {
		_ = r.cfg.Cache.Put(k, buf.Bytes()) // a failure costs a miss next time
	}
}

// future is a value computed once, by the first goroutine that asks.
type future[T any] struct {
	done chan struct{}
	v    *T
	err  error
}

// once returns m[id]'s value, computing it with f if no goroutine did.
func once[T any](r *run, m map[string]*future[T], id string, f func() (*T, error)) (*T, error) {
	r.mu.Lock()
	fu, ok := m[id]
	if !ok {
		fu = &future[T]{done: make(chan struct{})}
		m[id] = fu
	}
	r.mu.Unlock()
	if ok {
		<-fu.done
		return fu.v, fu.err
	}
	defer close(fu.done)
	fu.v, fu.err = f()
	return fu.v, fu.err
}

func (r *run) miss() {
	r.mu.Lock()
	r.stats.Misses++
	r.mu.Unlock()
}

// entryA returns package id's facts and summary.
func (r *run) entryA(id string) (*entryA, error) {
	return once(r, r.a, id, func() (*entryA, error) {
		k := r.keysA[id]
		e := new(entryA)
		if r.cyclic[id] {
			return nil, fmt.Errorf("%s is on an import cycle", id)
		}
		if r.skipped(id) {
			return e, nil // it cannot reach the SDK: no facts
		}
		if r.stable[id] && r.load(k, e, &e.Sources, r.sources(id)) {
			return e, nil
		}
		if p := r.pkgs[id]; r.cfg.NoStdFacts && p != nil && p.Standard && !r.roots[id] {
			return e, nil // nothing to store: nothing was computed
		}
		r.miss()
		u, facts, err := r.analyse(id, r.cfg.FactAnalyzers, r.factsA)
		if err != nil {
			return nil, err
		}
		e.Facts = facts
		if u != nil && r.cfg.Summarize != nil {
			sum, err := r.cfg.Summarize(u.ownFacts)
			if err != nil {
				return nil, err
			}
			e.Summary = sum
		}
		if r.stable[id] && len(u.problems) == 0 {
			e.Sources = r.sources(id)
			r.store(id, k, e)
		}
		return e, nil
	})
}

// entryB returns root id's phase B facts and report.
func (r *run) entryB(id string) (*entryB, error) {
	return once(r, r.b, id, func() (*entryB, error) {
		k := r.keysB[id]
		e := new(entryB)
		if r.skipped(id) {
			rep, err := r.cfg.Report(&Unit{ID: id, Skipped: true, Outcomes: map[*analysis.Analyzer]*Outcome{}})
			e.Report = rep
			return e, err
		}
		if r.stable[id] && r.load(k, e, &e.Sources, r.sources(id)) {
			return e, nil
		}
		r.miss()
		u, facts, err := r.analyse(id, r.cfg.Analyzers, r.factsB)
		if err != nil {
			return nil, err
		}
		problems := u.problems
		if p := r.pkgs[id]; len(problems) == 0 && p.Error != nil {
			problems = packageErrors(r.cfg.Dir, id, p.Error) // what go list saw and go/types did not
		}
		r.notePartial(id, problems)
		e.Facts = facts
		rep, err := r.cfg.Report(u.Unit)
		if err != nil {
			return nil, err
		}
		e.Report = rep
		if r.stable[id] && len(problems) == 0 {
			e.Sources = r.sources(id)
			r.store(id, k, e)
		}
		return e, nil
	})
}

// notePartial reports, in one PackageError, the problems root id was
// analysed with.
func (r *run) notePartial(id string, problems []PackageError) {
	if len(problems) == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.partial[id] {
		return
	}
	r.partial[id] = true
	pe := problems[0]
	pe.Pkg, pe.Partial, pe.More = id, true, len(problems)-1
	r.errs = append(r.errs, pe)
}

func (r *run) factsA(id string) ([]factRecord, error) {
	e, err := r.entryA(id)
	if err != nil {
		return nil, err
	}
	return e.Facts, nil
}

func (r *run) factsB(id string) ([]factRecord, error) {
	if !r.roots[id] {
		return r.factsA(id)
	}
	e, err := r.entryB(id)
	if err != nil {
		return nil, err
	}
	return e.Facts, nil
}

// packageErrors splits a go list error into problems with positions:
// compile errors come as "# pkg\nfile:line:col: msg" lines, with files
// relative to dir.
func packageErrors(dir, pkg string, e *listError) []PackageError {
	if strings.Contains(e.Err, "import cycle") && len(e.ImportStack) > 1 {
		// as go vet says it: package p imports p: import cycle not allowed in test
		pos := e.Pos
		if pos != "" && pos != "-" {
			pos = absPos(dir, pos)
		}
		return []PackageError{{Pkg: pkg, Pos: pos,
			Msg: "package " + strings.Join(e.ImportStack, " imports ") + ": " + strings.TrimSpace(e.Err)}}
	}
	if e.Pos != "" && e.Pos != "-" {
		pos := e.Pos
		if pos != "" && pos != "-" {
			pos = absPos(dir, pos)
		}
		return []PackageError{{Pkg: pkg, Pos: pos, Msg: strings.TrimSpace(e.Err)}}
	}
	var out []PackageError
	for _, line := range strings.Split(e.Err, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pos, msg, ok := splitErrLine(line)
		if !ok {
			continue
		}
		out = append(out, PackageError{Pkg: pkg, Pos: absPos(dir, pos), Msg: msg})
	}
	if len(out) == 0 {
		msg := strings.TrimSpace(e.Err)
		if i := strings.IndexByte(msg, '\n'); i >= 0 && strings.HasPrefix(msg, "#") {
			msg = strings.TrimSpace(msg[i+1:])
		}
		out = append(out, PackageError{Pkg: pkg, Msg: msg})
	}
	return out
}

// splitErrLine splits "file.go:12:3: msg".
func splitErrLine(line string) (pos, msg string, ok bool) {
	i := strings.Index(line, ".go:")
	if i < 0 {
		return "", "", false
	}
	j := strings.Index(line[i+4:], ": ")
	if j < 0 {
		return "", "", false
	}
	pos = line[:i+4+j]
	for _, c := range pos[i+4:] {
		if c != ':' && (c < '0' || c > '9') {
			return "", "", false
		}
	}
	return pos, line[i+4+j+2:], true
}

func absPos(dir, pos string) string {
	if filepath.IsAbs(pos) || dir == "" {
		return pos
	}
	return filepath.Join(dir, pos)
}
