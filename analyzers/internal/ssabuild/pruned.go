package ssabuild

import "go/ast"

// maxStmtDepth bounds the nesting of statements pruned walks; a deeper
// body is left out whole.
const maxStmtDepth = 64

// pruned returns a copy of body without its ill-typed statements whose
// results nothing uses: an expression statement (logp.Debug(…) of a
// package that did not import, a call of an undefined name), or a go or
// defer of such a call. Such a statement can only act on what it is
// given; its effects are unknown, as those of any external call. The
// statements on the way to one are copied, everything else is shared.
// pruned returns nil when anything else in body is ill-typed (a
// declaration, an assignment, a condition, a function literal holding
// an ill-typed statement): the function is then left without its body.
func (c *typeCheck) pruned(body *ast.BlockStmt) *ast.BlockStmt {
	b, ok := c.prunedBlock(body, 0)
	if !ok {
		return nil
	}
	return b
}

// prunedList returns list with its ill-typed expression statements
// replaced by empty ones (positions kept), ok false when a statement
// cannot be pruned.
func (c *typeCheck) prunedList(list []ast.Stmt, depth int) ([]ast.Stmt, bool) {
	if depth > maxStmtDepth {
		return nil, false
	}
	var out []ast.Stmt
	for i, s := range list {
		ns, ok := c.prunedStmt(s, depth+1)
		if !ok {
			return nil, false
		}
		if ns == s && out == nil {
			continue
		}
		if out == nil {
			out = append(make([]ast.Stmt, 0, len(list)), list[:i]...)
		}
		out = append(out, ns)
	}
	if out == nil {
		return list, true
	}
	return out, true
}

// prunedStmt returns s, or a copy of it with its ill-typed expression
// statements left out; ok false when s is ill-typed otherwise.
func (c *typeCheck) prunedStmt(s ast.Stmt, depth int) (ast.Stmt, bool) {
	if c.node(s) {
		return s, true
	}
	if depth > maxStmtDepth {
		return nil, false
	}
	switch s := s.(type) {
	case *ast.ExprStmt, *ast.GoStmt, *ast.DeferStmt:
		return &ast.EmptyStmt{Semicolon: s.Pos(), Implicit: true}, true
	case *ast.BlockStmt:
		return c.prunedBlock(s, depth)
	case *ast.LabeledStmt:
		inner, ok := c.prunedStmt(s.Stmt, depth+1)
		if !ok {
			return nil, false
		}
		copied := *s
		copied.Stmt = inner
		return &copied, true
	case *ast.IfStmt:
		body, ok := c.prunedBlock(s.Body, depth)
		if !ok || !c.optNode(s.Init) || !c.node(s.Cond) {
			return nil, false
		}
		copied := *s
		copied.Body = body
		if s.Else != nil {
			if copied.Else, ok = c.prunedStmt(s.Else, depth+1); !ok {
				return nil, false
			}
		}
		return &copied, true
	case *ast.ForStmt:
		body, ok := c.prunedBlock(s.Body, depth)
		if !ok || !c.optNode(s.Init) || !c.optNode(s.Cond) || !c.optNode(s.Post) {
			return nil, false
		}
		copied := *s
		copied.Body = body
		return &copied, true
	case *ast.RangeStmt:
		body, ok := c.prunedBlock(s.Body, depth)
		if !ok || !c.optNode(s.Key) || !c.optNode(s.Value) || !c.node(s.X) {
			return nil, false
		}
		copied := *s
		copied.Body = body
		return &copied, true
	case *ast.SwitchStmt:
		body, ok := c.prunedClauses(s.Body, depth+1)
		if !ok || !c.optNode(s.Init) || !c.optNode(s.Tag) {
			return nil, false
		}
		copied := *s
		copied.Body = body
		return &copied, true
	case *ast.TypeSwitchStmt:
		body, ok := c.prunedClauses(s.Body, depth+1)
		if !ok || !c.optNode(s.Init) || !c.node(s.Assign) {
			return nil, false
		}
		copied := *s
		copied.Body = body
		return &copied, true
	case *ast.SelectStmt:
		body, ok := c.prunedClauses(s.Body, depth+1)
		if !ok {
			return nil, false
		}
		copied := *s
		copied.Body = body
		return &copied, true
	}
	return nil, false
}

// prunedBlock is prunedList for a block: a copy of b with the pruned
// list.
func (c *typeCheck) prunedBlock(b *ast.BlockStmt, depth int) (*ast.BlockStmt, bool) {
	list, ok := c.prunedList(b.List, depth+1)
	if !ok {
		return nil, false
	}
	copied := *b
	copied.List = list
	return &copied, true
}

// prunedClauses is prunedList for the case clauses of a switch or
// select: each clause's expressions or communication must be
// well-typed.
func (c *typeCheck) prunedClauses(b *ast.BlockStmt, depth int) (*ast.BlockStmt, bool) {
	clauses := make([]ast.Stmt, len(b.List))
	for i, s := range b.List {
		switch cl := s.(type) {
		case *ast.CaseClause:
			for _, e := range cl.List {
				if !c.node(e) {
					return nil, false
				}
			}
			body, ok := c.prunedList(cl.Body, depth)
			if !ok {
				return nil, false
			}
			copied := *cl
			copied.Body = body
			clauses[i] = &copied
		case *ast.CommClause:
			if !c.optNode(cl.Comm) {
				return nil, false
			}
			body, ok := c.prunedList(cl.Body, depth)
			if !ok {
				return nil, false
			}
			copied := *cl
			copied.Body = body
			clauses[i] = &copied
		default:
			return nil, false
		}
	}
	copied := *b
	copied.List = clauses
	return &copied, true
}

// optNode is node for syntax that may be absent (a nil Stmt or Expr
// given as a Node is a nil Node).
func (c *typeCheck) optNode(n ast.Node) bool {
	return n == nil || c.node(n)
}
