package keyformat

import (
	"fmt"
	"go/ast"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

// A fixPlan is a suggested fix before the package's other fixes are
// known.
type fixPlan struct {
	message string
	edits   []analysis.TextEdit
	// imports adds the fmt import when the file lacks it.
	imports []analysis.TextEdit
	// For a rewrite of a whole call (strconv.Itoa(n) to fmt.Sprintf):
	// the file, the call, and the part of it kept (n).
	file *ast.File
	call *ast.CallExpr
	kept ast.Expr
}

type finding struct {
	d   analysis.Diagnostic
	fix *fixPlan
}

// report queues d with its fix, unless a directive suppresses it (a
// suppressed finding's fix is never applied, so its code stays as is).
func (c *checker) report(d analysis.Diagnostic, fix *fixPlan) {
	if diag.Suppressed(c.pass, d) {
		return
	}
	c.found = append(c.found, finding{d, fix})
}

// finish reports the queued findings with their fixes.
//
// Rewriting strconv.Itoa(n) as fmt.Sprintf("%010d", n) can leave the
// strconv import unused, and golangci-lint run --fix applies edits as
// they are, so the fix must delete the import itself. Drivers apply all
// fixes of a file together (identical edits once) and editors apply one:
// when the file's rewrites together remove every use of an import, each
// of them carries all of those rewrites and the import's deletion, so
// that either way the result compiles. Otherwise a fix is local.
func (c *checker) finish() {
	byFile := map[*ast.File][]*fixPlan{}
	for _, f := range c.found {
		if f.fix != nil && f.fix.call != nil {
			byFile[f.fix.file] = append(byFile[f.fix.file], f.fix)
		}
	}
	merged := map[*fixPlan]analysis.SuggestedFix{}
	for file, plans := range byFile {
		for _, spec := range file.Imports {
			if !c.unusedAfter(file, spec, plans) {
				continue
			}
			path, _ := strconv.Unquote(spec.Path.Value)
			var edits, imports []analysis.TextEdit
			for _, p := range plans {
				edits = append(edits, p.edits...)
				imports = append(imports, p.imports...)
			}
			if len(imports) > 0 {
				// fmt is added where the import goes: reuse its line
				// (adding next to a line being deleted would conflict).
				edits = append(edits, analysis.TextEdit{Pos: spec.Pos(), End: spec.End(), NewText: []byte(strconv.Quote("fmt"))})
			} else {
				edits = append(edits, writes.DeleteImport(c.pass.Fset, file, spec))
			}
			for _, p := range plans {
				msg := p.message + fmt.Sprintf(" and remove the unused %q import", path)
				switch n := len(plans) - 1; n {
				case 0:
				case 1:
					msg += ", with the other such key in this file"
				default:
					msg += fmt.Sprintf(", with the %d other such keys in this file", n)
				}
				merged[p] = analysis.SuggestedFix{Message: msg, TextEdits: edits}
			}
			break // one import per call (strconv)
		}
	}
	for _, f := range c.found {
		switch fix, ok := merged[f.fix]; {
		case ok:
			f.d.SuggestedFixes = []analysis.SuggestedFix{fix}
		case f.fix != nil:
			edits := append(append([]analysis.TextEdit(nil), f.fix.imports...), f.fix.edits...)
			f.d.SuggestedFixes = []analysis.SuggestedFix{{Message: f.fix.message, TextEdits: edits}}
		}
		c.pass.Report(f.d)
	}
}

// unusedAfter reports whether the rewrites of plans remove every use of
// the package that spec imports in file (never fmt, which they use).
func (c *checker) unusedAfter(file *ast.File, spec *ast.ImportSpec, plans []*fixPlan) bool {
	if path, _ := strconv.Unquote(spec.Path.Value); path == "fmt" {
		return false // the rewrites use it
	}
	return writes.ImportEmptied(c.pass.TypesInfo, file, spec, func(id *ast.Ident) bool {
		for _, p := range plans {
			if writes.Within(id, p.call) && !writes.Within(id, p.kept) {
				return true
			}
		}
		return false
	})
}
