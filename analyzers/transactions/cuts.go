package transactions

import (
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/internal/limits"
)

// cutOver reports TL401 at site when the transaction's actions are the
// pieces of one value the code lets grow past the payload limit: a
// string or []byte cut into entities (flow.Cuts) by a loop around the
// actions added, or by a helper of the package whose result such a
// loop ranges over, when the value's size (flow.SizeAt, where it is
// cut or given to the helper) is unbounded or bounded over the limit.
// Every piece goes into the one transaction, so it sends at least the
// whole value. A loop that holds the site, or that chunked says submits
// or resets the actions, sends its pieces in transactions of their own.
// It reports whether it reported.
func (c *checker) cutOver(site *ast.CallExpr, adds []add, chunked func(loop ast.Node) bool) bool {
	in := c.fl.Call(site)
	if in == nil {
		return false
	}
	fn := in.Parent()
	for _, a := range adds {
		for _, l := range c.loopsOf(a.node, nil) {
			if l.Pos() <= site.Pos() && site.End() <= l.End() || chunked(l) {
				break // this loop's pieces, and those of loops around it, go in several transactions
			}
			// The loop itself cuts a value into the actions' entities.
			for _, cut := range flow.Cuts(fn) {
				if l.Pos() <= cut.Pos && cut.Pos < l.End() && c.cutReport(site, fn, cut.Value, in) {
					return true
				}
			}
			// The loop ranges over the pieces a helper cuts.
			r, ok := l.(*ast.RangeStmt)
			if !ok {
				continue
			}
			call, ok := ast.Unparen(r.X).(*ast.CallExpr)
			if !ok {
				continue
			}
			hc := c.fl.Call(call)
			if hc == nil {
				continue
			}
			callee := hc.Common().StaticCallee()
			if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg != c.pass.Pkg || callee.Blocks == nil {
				continue
			}
			args := hc.Common().Args
			for _, cut := range flow.Cuts(callee) {
				p, ok := cut.Value.(*ssa.Parameter)
				if !ok {
					continue
				}
				for i, q := range callee.Params {
					if q == p && i < len(args) && c.cutReport(site, fn, args[i], hc) {
						return true
					}
				}
			}
		}
	}
	return false
}

// cutReport reports TL401 at site when v, cut into the transaction's
// entities, can be over the payload limit at the instruction at.
func (c *checker) cutReport(site *ast.CallExpr, fn *ssa.Function, v ssa.Value, at ssa.Instruction) bool {
	s := c.fl.SizeAt(fn, v, at)
	what := s.What + ", of any size,"
	if !s.Unbounded {
		if !s.Bounded {
			return false
		}
		n := s.Max
		if sdk.IsBytes(v.Type()) {
			n = limits.WireBinary(n) // sent as base64
		}
		if !c.svc.BatchOver(limits.WirePayload(n)) {
			return false
		}
		what = "a value of up to " + limits.SizeText(s.Max)
	}
	limit := "the " + c.svc.BatchLimit
	if c.svc.Target == limits.Cosmos {
		limit = c.svc.BatchLimit
	}
	diag.Report(c.pass, "TL401", site, "%s", diag.Fit(
		fmt.Sprintf("%s is cut into this transaction: it can exceed %s payload limit", what, limit),
		fmt.Sprintf("a value of any size is cut into this transaction: it can exceed %s payload limit", limit)))
	return true
}
