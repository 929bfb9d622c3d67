package keychars

import (
	_ "embed"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/internal/filtercheck"
	"github.com/tablelint/tablelint/internal/finding"
)

//go:embed doc.go
var doc string

// Analyzer reports TL201.
var Analyzer = &analysis.Analyzer{
	Name:     "keychars",
	Doc:      docs.MustExtract(doc, "keychars"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/keychars",
	Requires: []*analysis.Analyzer{flow.Analyzer, paramsAnalyzer},
	// Run is set by init (it reads paramsAnalyzer's result).
}

// paramsAnalyzer finds the parameters each function makes a key and
// exports them as KeyParams facts (in its own pass, so that the rule's
// tests state diagnostics only).
var paramsAnalyzer = &analysis.Analyzer{
	Name:       "keyparams",
	Doc:        "keyparams: the parameters functions make a PartitionKey or RowKey (facts for keychars)",
	Requires:   []*analysis.Analyzer{flow.Analyzer},
	Run:        func(pass *analysis.Pass) (any, error) { return walk(pass, false) },
	FactTypes:  []analysis.Fact{new(KeyParams)},
	ResultType: reflect.TypeOf((*imported)(nil)),
}

// imported answers a function's key parameters from the facts of other
// packages.
type imported struct {
	lookup func(obj *types.Func) map[int]string
}

// KeyParams is a fact about a function: the parameters it makes a
// PartitionKey or RowKey (index, receiver first, to the key's name), so
// that each caller's argument is checked as a key.
type KeyParams struct {
	Keys map[int]string
}

// AFact marks KeyParams as a fact.
func (*KeyParams) AFact() {}

func (k *KeyParams) String() string { return fmt.Sprintf("keyParams%v", k.Keys) }

type checker struct {
	pass *analysis.Pass
	fl   *flow.Result
	seen map[token.Pos]bool
	// params collects, per function, the parameters that reach a key.
	params map[*ssa.Function]map[int]string
	report bool
	imp    *imported
}

// sink is one place a key is given a value.
type sink struct {
	key string
	val ssa.Value
	pos token.Pos
	fn  *ssa.Function
}

// walk checks every key of the package; it reports when report is set
// (keychars), and exports KeyParams facts otherwise (keyparams).
func walk(pass *analysis.Pass, report bool) (any, error) {
	return walkWith(pass, report, nil)
}

func init() {
	Analyzer.Run = func(pass *analysis.Pass) (any, error) {
		return walkWith(pass, true, pass.ResultOf[paramsAnalyzer].(*imported))
	}
}

func walkWith(pass *analysis.Pass, report bool, imp *imported) (any, error) {
	fl := flow.Of(pass)
	c := &checker{pass: pass, fl: fl, seen: map[token.Pos]bool{}, params: map[*ssa.Function]map[int]string{}, report: report}
	if imp != nil {
		c.imp = imp
	} else {
		c.imp = &imported{lookup: func(obj *types.Func) map[int]string {
			var kp KeyParams
			if pass.ImportObjectFact(obj, &kp) {
				return kp.Keys
			}
			return nil
		}}
	}
	var sinks []sink
	for _, fn := range fl.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				sinks = append(sinks, c.sinksOf(fn, in)...)
			}
		}
	}
	for _, s := range sinks {
		c.check(s)
	}
	// Helpers' key parameters, helpers of helpers: bounded rounds.
	done := map[string]bool{}
	for round := 0; round < flow.MaxSummaryRounds; round++ {
		grew := false
		for _, fn := range fl.SSA.SrcFuncs {
			for _, b := range fn.Blocks {
				for _, in := range b.Instrs {
					call, ok := in.(ssa.CallInstruction)
					if !ok {
						continue
					}
					keys := c.keyParams(call.Common().StaticCallee())
					idx := make([]int, 0, len(keys))
					for i := range keys {
						idx = append(idx, i)
					}
					sort.Ints(idx)
					for _, i := range idx {
						args := call.Common().Args
						if i >= len(args) {
							continue
						}
						id := fmt.Sprintf("%d:%d", call.Pos(), i)
						if done[id] {
							continue
						}
						done[id] = true
						if c.check(sink{key: keys[i], val: args[i], pos: call.Pos(), fn: fn}) {
							grew = true
						}
					}
				}
			}
		}
		if !grew {
			break
		}
	}
	if report {
		return nil, nil
	}
	for fn, keys := range c.params {
		if obj, ok := fn.Object().(*types.Func); ok && fn.Pkg == fl.SSA.Pkg {
			pass.ExportObjectFact(obj, &KeyParams{Keys: keys})
		}
	}
	return c.imp, nil
}

// keyParams returns the key parameters of f: found in this package, or
// imported as a fact.
func (c *checker) keyParams(f *ssa.Function) map[int]string {
	if f == nil {
		return nil
	}
	if o := f.Origin(); o != nil {
		f = o
	}
	if k, ok := c.params[f]; ok {
		return k
	}
	obj, ok := f.Object().(*types.Func)
	if !ok || f.Pkg == c.fl.SSA.Pkg {
		return nil
	}
	return c.imp.lookup(obj)
}

// sinksOf returns the keys instruction in sets: a PartitionKey or RowKey
// field of a struct that has both, a "PartitionKey"/"RowKey" map entry,
// the key arguments of GetEntity, DeleteEntity and legacy
// GetEntityReference.
func (c *checker) sinksOf(fn *ssa.Function, in ssa.Instruction) []sink {
	switch in := in.(type) {
	case *ssa.Store:
		fa, ok := in.Addr.(*ssa.FieldAddr)
		if !ok {
			return nil
		}
		st, ok := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		name := st.Field(fa.Field).Name()
		if (name == "PartitionKey" || name == "RowKey") && hasKeys(st) && isString(st.Field(fa.Field).Type()) {
			return []sink{{key: name, val: in.Val, pos: in.Pos(), fn: fn}}
		}
	case *ssa.MapUpdate:
		k, ok := in.Key.(*ssa.Const)
		if !ok || k.Value == nil || k.Value.Kind() != constant.String {
			return nil
		}
		if name := constant.StringVal(k.Value); name == "PartitionKey" || name == "RowKey" {
			return []sink{{key: name, val: in.Value, pos: in.Pos(), fn: fn}}
		}
	case ssa.CallInstruction:
		f := in.Common().StaticCallee()
		if f == nil {
			return nil
		}
		if o := f.Origin(); o != nil {
			f = o
		}
		obj, ok := f.Object().(*types.Func)
		if !ok || obj.Pkg() == nil {
			return nil
		}
		args := in.Common().Args
		recv := recvName(obj)
		switch {
		case sdk.IsPath(obj.Pkg().Path(), sdk.AztablesPath) && recv == "Client" && (obj.Name() == "GetEntity" || obj.Name() == "DeleteEntity") && len(args) >= 4:
			return []sink{{key: "PartitionKey", val: args[2], pos: in.Pos(), fn: fn}, {key: "RowKey", val: args[3], pos: in.Pos(), fn: fn}}
		case sdk.IsPath(obj.Pkg().Path(), sdk.LegacyPath) && recv == "Table" && obj.Name() == "GetEntityReference" && len(args) >= 3:
			return []sink{{key: "PartitionKey", val: args[1], pos: in.Pos(), fn: fn}, {key: "RowKey", val: args[2], pos: in.Pos(), fn: fn}}
		}
	}
	return nil
}

// check checks one key value; it returns true when it found a new key
// parameter of the enclosing function.
func (c *checker) check(s sink) bool {
	v := c.fl.OfLocal(s.val)
	grew := false
	// Constant text: whatever the run-time parts hold, the key is invalid.
	for _, vr := range v.Variants {
		for _, p := range vr.Parts {
			if p.Hole != nil {
				continue
			}
			if r, bad := filtercheck.InvalidKeyChar(p.Text); bad {
				pos := s.pos
				if vr.Ret != 0 && c.inPackage(token.Pos(vr.Ret)) {
					pos = token.Pos(vr.Ret)
				}
				what := filtercheck.DescribeKeyRune(r)
				c.reportAt(pos, "%s", diag.Fit(
					fmt.Sprintf("%s %q contains %s, which keys cannot contain", s.key, finding.Clip(vr.Text()), what),
					fmt.Sprintf("%s contains %s, which keys cannot contain", s.key, what)))
				return false
			}
		}
	}
	for _, h := range v.Holes() {
		switch {
		case h.Source == flow.Param && h.Field == "" && s.fn.Object() != nil && h.Bound == 0:
			// A parameter made a key: the callers' arguments are keys.
			if c.params[s.fn] == nil {
				c.params[s.fn] = map[int]string{}
			}
			if _, ok := c.params[s.fn][h.Param]; !ok {
				c.params[s.fn][h.Param] = s.key
				grew = true
			}
		case h.Source == flow.Request && pathOrForm(h.What) && !keySafe(h.Bound):
			msg := diag.Fit(
				fmt.Sprintf("%s comes from the request (%s) unchecked: a / \\ # or ? in it fails", s.key, h.What),
				fmt.Sprintf("%s comes from the request unchecked: a / \\ # or ? in it fails", s.key))
			c.reportAt(s.pos, "%s", msg)
			return grew
		}
	}
	return grew
}

// pathOrForm: the request's path (or a segment of it) and form values,
// the inputs keys are taken from in handlers. Query parameters, headers
// and decoded bodies are left out: code commonly takes identifiers from
// them that the client chose from the service's own keys.
func pathOrForm(what string) bool {
	switch what {
	case "r.URL.Path", "r.URL.RawPath", "r.RequestURI", "r.FormValue", "r.PostFormValue", "r.Form.Get", "r.PostForm.Get":
		return true
	}
	return false
}

// keySafe: bounds under which a value cannot hold / \ # ? or controls.
func keySafe(b flow.Bound) bool {
	return b.Safe() || b&(flow.URLEscaped|flow.Replaced|flow.Time) != 0
}

func (c *checker) reportAt(pos token.Pos, format string, args ...any) {
	if !c.report || c.seen[pos] {
		return
	}
	c.seen[pos] = true
	diag.Report(c.pass, "TL201", posNode(pos), format, args...)
}

type posNode token.Pos

func (p posNode) Pos() token.Pos { return token.Pos(p) }
func (p posNode) End() token.Pos { return token.Pos(p) }

func (c *checker) inPackage(pos token.Pos) bool {
	for _, f := range c.pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return true
		}
	}
	return false
}

func hasKeys(st *types.Struct) bool {
	n := 0
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); (f.Name() == "PartitionKey" || f.Name() == "RowKey") && isString(f.Type()) {
			n++
		}
	}
	return n == 2
}

func recvName(f *types.Func) string {
	r := f.Type().(*types.Signature).Recv()
	if r == nil {
		return ""
	}
	t := r.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
