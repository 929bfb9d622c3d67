package writes

import (
	"go/ast"
)

// IsETagAny reports whether e is a pointer to azcore.ETagAny ("*"): &v
// or to.Ptr(v), v the constant, azcore.ETag("*"), or a variable assigned
// one of them once.
func (x *Index) IsETagAny(e ast.Expr) bool {
	for range MaxDepth {
		e = x.Resolve(e)
		switch n := e.(type) {
		case *ast.UnaryExpr:
			e = n.X
			continue
		case *ast.CallExpr:
			if arg := x.PointerArg(n); arg != nil {
				e = arg
				continue
			}
			if tv, ok := x.Info.Types[n.Fun]; ok && tv.IsType() && len(n.Args) == 1 {
				e = n.Args[0]
				continue
			}
		}
		break
	}
	tv, ok := x.Info.Types[e]
	return ok && tv.Value != nil && tv.Value.ExactString() == `"*"`
}
