package etag

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

// listedElsewhere reports whether the write w, in fn, goes to a table
// other than every table the enclosing function declaration lists (each
// NewListEntitiesPager of it, its function literals included): the
// entities listed are copied, not written back. With no pager (the
// page came from elsewhere), or any pager whose table may be the
// write's, it is false.
func (c *checker) listedElsewhere(fn *ssa.Function, w ssa.CallInstruction) bool {
	wc := c.callAt(w.Pos())
	if wc == nil {
		return false
	}
	wt := c.x.Writes.TableAt(c.fl, wc)
	root := fn
	for root.Parent() != nil {
		root = root.Parent()
	}
	pagers := 0
	copies := 0
	var walk func(f *ssa.Function, depth int)
	walk = func(f *ssa.Function, depth int) {
		if depth > writes.MaxDepth {
			return
		}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				call, ok := in.(ssa.CallInstruction)
				if !ok || !isListPager(call.Common()) {
					continue
				}
				pagers++
				if pc := c.callAt(call.Pos()); pc != nil && writes.DifferentTables(c.x.Writes.TableAt(c.fl, pc), wt) {
					copies++
				}
			}
		}
		for _, a := range f.AnonFuncs {
			walk(a, depth+1)
		}
	}
	walk(root, 0)
	return pagers > 0 && copies == pagers
}

// readElsewhere reports whether the GetEntity get and the write w read
// and write tables known to differ.
func (c *checker) readElsewhere(get, w ssa.CallInstruction) bool {
	gc, wc := c.callAt(get.Pos()), c.callAt(w.Pos())
	if gc == nil || wc == nil {
		return false
	}
	return writes.DifferentTables(c.x.Writes.TableAt(c.fl, gc), c.x.Writes.TableAt(c.fl, wc))
}

// isListPager: a call of aztables Client.NewListEntitiesPager.
func isListPager(cc *ssa.CallCommon) bool {
	f := cc.StaticCallee()
	if f == nil {
		return false
	}
	obj, ok := f.Object().(*types.Func)
	return ok && obj.Name() == "NewListEntitiesPager" && obj.Pkg() != nil && sdk.IsPath(obj.Pkg().Path(), sdk.AztablesPath)
}

// callAt returns the call expression whose opening parenthesis is at
// pos (an SSA call's position), or nil.
func (c *checker) callAt(pos token.Pos) *ast.CallExpr {
	f := c.x.Writes.FileOf(pos)
	if f == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(f, pos, pos+1)
	for _, n := range path {
		if call, ok := n.(*ast.CallExpr); ok && call.Lparen == pos {
			return call
		}
	}
	return nil
}
