package writes

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// Status is a failure the Table service answers a write with, and the
// names code uses to recognise it.
type Status struct {
	Code  int64    // the HTTP status: 404
	Const string   // net/http's name for it: "StatusNotFound"
	Codes []string // the service's error codes: "ResourceNotFound"
}

// The failures that make a write not idempotent or a retry useless.
var (
	// NotFound is the answer to a delete, update or merge of an entity
	// that does not exist.
	NotFound = Status{404, "StatusNotFound", []string{"ResourceNotFound", "EntityNotFound"}}
	// Conflict is the answer to an insert of an entity that exists.
	Conflict = Status{409, "StatusConflict", []string{"EntityAlreadyExists"}}
	// PreconditionFailed is the answer to a write whose If-Match ETag is
	// not the entity's.
	PreconditionFailed = Status{412, "StatusPreconditionFailed", []string{"UpdateConditionNotSatisfied", "ConditionNotMet"}}
)

// Mentions reports whether the code under n mentions s: the integer
// constant s.Code, net/http's s.Const, a constant or identifier named
// after one of s.Codes (aztables.ResourceNotFound), or a string constant
// containing one. Calls of functions of this package that are given an
// error and whose bodies mention s count (isConflict(err)), to MaxDepth;
// other calls do not (a sibling step that handles its own 404 says
// nothing about this one's).
func (x *Index) Mentions(n ast.Node, s Status) bool {
	return x.mentions(n, s, map[*ast.FuncDecl]bool{}, 0)
}

func (x *Index) mentions(n ast.Node, s Status, seen map[*ast.FuncDecl]bool, depth int) bool {
	if n == nil || depth > MaxDepth {
		return false
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.BasicLit:
			found = s.constant(x.Info.Types[n].Value)
		case *ast.Ident:
			obj := x.Info.Uses[n]
			if obj == nil {
				return true
			}
			if c, ok := obj.(*types.Const); ok && s.constant(c.Val()) {
				found = true
				return false
			}
			found = obj.Name() == s.Const || s.code(obj.Name())
		case *ast.CallExpr:
			if fn := sdk.Callee(x.Info, n); fn != nil && x.givenError(n) {
				if d := x.FuncDecl(fn); d != nil && !seen[d] {
					seen[d] = true
					found = x.mentions(d.Body, s, seen, depth+1)
				}
			}
		}
		return !found
	})
	return found
}

// givenError reports whether one of call's arguments is an error.
func (x *Index) givenError(call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if IsError(x.Info.TypeOf(a)) {
			return true
		}
	}
	return false
}

// constant reports whether v is s's status code or a string naming one
// of its error codes.
func (s Status) constant(v constant.Value) bool {
	if v == nil {
		return false
	}
	switch v.Kind() {
	case constant.Int:
		c, ok := constant.Int64Val(v)
		return ok && c == s.Code
	case constant.String:
		str := constant.StringVal(v)
		for _, c := range s.Codes {
			if strings.Contains(str, c) {
				return true
			}
		}
	}
	return false
}

func (s Status) code(name string) bool {
	for _, c := range s.Codes {
		if name == c {
			return true
		}
	}
	return false
}

// DiscardsError reports whether the error of call, a call under n whose
// last result is an error, is dropped: the call is a statement, is run
// by go or defer, or its error is assigned to _.
func DiscardsError(n ast.Node, call *ast.CallExpr) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		switch s := n.(type) {
		case *ast.ExprStmt:
			found = ast.Unparen(s.X) == call
		case *ast.GoStmt:
			found = s.Call == call
		case *ast.DeferStmt:
			found = s.Call == call
		case *ast.AssignStmt:
			if len(s.Rhs) == 1 && ast.Unparen(s.Rhs[0]) == call && len(s.Lhs) >= 1 {
				id, ok := s.Lhs[len(s.Lhs)-1].(*ast.Ident)
				found = ok && id.Name == "_"
			}
		}
		return !found
	})
	return found
}

// IsError reports whether t is the error type.
func IsError(t types.Type) bool {
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}
