package suppress

import (
	"go/ast"
	"go/token"
	"strings"
)

// GoPrefix starts a directive in a Go comment. As for go:generate and
// staticcheck's lint:ignore, there is no space after the slashes:
// `// tablelint: …` is prose, not a directive.
const GoPrefix = "//" + Prefix

// FileDirectives returns the directives in the comments of a Go file:
// `//tablelint:ignore RULES reason` covers its own line and the next one,
// `//tablelint:file-ignore RULES reason` the whole file. Directive files
// are named as fset names them, which is how Go findings name them.
func FileDirectives(fset *token.FileSet, f *ast.File) []*Directive {
	var out []*Directive
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if !strings.HasPrefix(c.Text, GoPrefix) {
				continue // /* … */ comments and "// tablelint:" prose are not directives
			}
			d, ok := Parse(c.Text[len("//"):])
			if !ok {
				continue
			}
			pos := fset.Position(c.Slash)
			d.File, d.Line, d.Col = pos.Filename, pos.Line, pos.Column
			d.From, d.To = pos.Line, pos.Line+1
			out = append(out, d)
		}
	}
	return out
}

// AddGo adds the directives in the comments of Go files (see
// FileDirectives).
func (s *Set) AddGo(fset *token.FileSet, files []*ast.File) {
	for _, f := range files {
		for _, d := range FileDirectives(fset, f) {
			s.Add(d)
		}
	}
}
