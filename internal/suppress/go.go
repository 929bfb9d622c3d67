package suppress

import (
	"go/ast"
	"go/token"
	"strings"
)

// AddGo adds the directives in the comments of Go files:
// `//tablelint:ignore RULES reason` covers its own line and the next one,
// `//tablelint:file-ignore RULES reason` the whole file. `// tablelint:…`
// with a space is accepted too. Directive files are named as fset names
// them, which is how Go findings name them.
func (s *Set) AddGo(fset *token.FileSet, files []*ast.File) {
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				text, ok := strings.CutPrefix(c.Text, "//")
				if !ok {
					continue // /* … */ comments are not directives
				}
				d, ok := Parse(text)
				if !ok {
					continue
				}
				pos := fset.Position(c.Slash)
				d.File, d.Line, d.Col = pos.Filename, pos.Line, pos.Column
				d.From, d.To = pos.Line, pos.Line+1
				s.Add(d)
			}
		}
	}
}
