package flow

import "golang.org/x/tools/go/ssa"

// addressPassed reports whether the address of the variable a is given
// to a call or stored somewhere (fill(&f), json.Unmarshal(b, &f)): code
// the engine does not see may write it, so "never assigned" does not
// mean the zero value.
func addressPassed(a *ssa.Alloc) bool {
	refs := a.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case ssa.CallInstruction:
			return true
		case *ssa.MakeInterface, *ssa.ChangeType, *ssa.Convert:
			return true
		case *ssa.Store:
			if ref.Val == a {
				return true
			}
		}
	}
	return false
}
