package continuation

import "go/ast"

// pagingAfter reports whether the statement s, outside any loop, is
// followed in its block by a loop that fetches pages: the code pages on,
// so a test of the first page before that loop is a test of a page
// like any other (an empty first page can still have a continuation).
// A lone read tested for emptiness (a lookup that reads one page only)
// has no such loop after it.
func (f *fn) pagingAfter(s ast.Stmt, stack []ast.Node) bool {
	if len(stack) == 0 {
		return false
	}
	block, ok := stack[len(stack)-1].(*ast.BlockStmt)
	if !ok {
		return false
	}
	after := false
	for _, st := range block.List {
		if st == s {
			after = true
			continue
		}
		if !after {
			continue
		}
		switch st.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if f.pagingLoop(st) {
				return true
			}
		}
	}
	return false
}
