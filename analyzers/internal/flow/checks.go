package flow

import (
	"go/token"
	"go/types"
	"strings"
	"sync/atomic"

	"golang.org/x/tools/go/ssa"
)

// checked returns the bounds the code establishes on v by testing it:
// Validated when v is given to a regular expression, a parser, a
// character test or a function named valid…, sanitize…, check…,
// verify… or ensure…, or compared with a non-empty constant (an
// allow-list); LengthChecked when len(v) is compared. Where the test
// sits is not considered (a test on any path counts): the bound can
// only silence a rule.
func (r *Result) checked(v ssa.Value) Bound {
	refs := v.Referrers()
	if refs == nil {
		return 0
	}
	var b Bound
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case *ssa.Call:
			cc := ref.Common()
			if bl, ok := cc.Value.(*ssa.Builtin); ok {
				if bl.Name() == "len" && compared(ref) {
					b |= LengthChecked
				}
				continue
			}
			if validator(cc) {
				b |= Validated
			}
		case *ssa.BinOp:
			if ref.Op != token.EQL && ref.Op != token.NEQ {
				continue
			}
			other := ref.X
			if other == v {
				other = ref.Y
			}
			if c, ok := other.(*ssa.Const); ok && c.Value != nil && c.Value.ExactString() != `""` {
				b |= Validated
			}
		case *ssa.MakeInterface:
			for _, r2 := range *ref.Referrers() {
				if c, ok := r2.(*ssa.Call); ok && validator(c.Common()) {
					b |= Validated
				}
			}
		}
	}
	return b
}

// compared reports whether the value of a len call is compared.
func compared(v ssa.Value) bool {
	for _, ref := range *v.Referrers() {
		if bo, ok := ref.(*ssa.BinOp); ok {
			switch bo.Op {
			case token.LSS, token.GTR, token.LEQ, token.GEQ:
				return true
			}
		}
	}
	return false
}

var validators = map[string]bool{
	"regexp.Regexp.MatchString": true, "regexp.MatchString": true, "regexp.Regexp.FindString": true,
	"github.com/google/uuid.Parse": true, "github.com/google/uuid.Validate": true, "github.com/google/uuid.MustParse": true,
	"strconv.Atoi": true, "strconv.ParseInt": true, "strconv.ParseUint": true, "strconv.ParseFloat": true, "strconv.ParseBool": true,
	"strings.ContainsAny": true, "strings.ContainsRune": true, "strings.IndexAny": true, "strings.ContainsFunc": true,
	"strings.IndexFunc": true, "strings.IndexByte": true, "strings.IndexRune": true, "time.Parse": true,
	"net/mail.ParseAddress": true, "unicode/utf8.ValidString": true,
}

func validator(cc *ssa.CallCommon) bool {
	var name string
	if cc.IsInvoke() {
		name = cc.Method.Name()
	} else if f := cc.StaticCallee(); f != nil {
		if validators[callee(f)] {
			return true
		}
		name = f.Name()
	} else {
		return false
	}
	n := strings.ToLower(name)
	for _, w := range []string{"valid", "sanitiz", "sanitis", "check", "verify", "ensure", "escape", "match"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// Program holds the summaries of the concrete methods of every package
// a whole-program driver (tablelint check) loaded, so that a call
// through an interface takes the union of its implementations'
// summaries. Drivers that see one package at a time (go vet, the
// golangci-lint plugin) install none: there, an interface call's result
// is an opaque hole (Source Unknown), which rules treat as unknown, never
// as a proof of absence. Methods of a package's own types are still
// summarised by facts there: a call through the concrete type is
// followed everywhere.
type Program struct {
	byName map[string][]impl
}

type impl struct {
	recv    types.Type
	summary *Summary
}

// NewProgram indexes the Summary facts of concrete methods.
func NewProgram(facts []ObjectSummary) *Program {
	p := &Program{byName: map[string][]impl{}}
	for _, f := range facts {
		sig, _ := f.Func.Type().(*types.Signature)
		if sig == nil || sig.Recv() == nil || types.IsInterface(sig.Recv().Type()) {
			continue
		}
		p.byName[f.Func.Name()] = append(p.byName[f.Func.Name()], impl{recv: sig.Recv().Type(), summary: f.Summary})
	}
	return p
}

// ObjectSummary is a method and its summary.
type ObjectSummary struct {
	Func    *types.Func
	Summary *Summary
}

var program atomic.Pointer[Program]

// SetProgram installs p for the following runs (nil removes it).
func SetProgram(p *Program) { program.Store(p) }

// dispatch returns the summaries of the implementations of the
// interface method m among the program's concrete types: those whose
// method set (value or pointer) implements m's interface.
func dispatch(m *types.Func) []*Summary {
	p := program.Load()
	if p == nil || m == nil {
		return nil
	}
	sig, _ := m.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return nil
	}
	iface, _ := sig.Recv().Type().Underlying().(*types.Interface)
	if iface == nil {
		return nil
	}
	var out []*Summary
	for _, im := range p.byName[m.Name()] {
		t := im.recv
		if ptr, ok := t.(*types.Pointer); ok {
			t = ptr.Elem()
		}
		if types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface) {
			out = append(out, im.summary)
			if len(out) >= MaxVariants {
				break
			}
		}
	}
	return out
}
