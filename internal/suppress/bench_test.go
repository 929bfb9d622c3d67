package suppress

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/internal/finding"
)

// BenchmarkGo measures collecting directives from a 2,000-line Go file
// with 200 directives and applying them to 1,000 findings.
func BenchmarkGo(b *testing.B) {
	var src strings.Builder
	src.WriteString("package p\n\nfunc f() {\n")
	for i := 0; i < 1000; i++ {
		if i%5 == 0 {
			fmt.Fprintf(&src, "\t//tablelint:ignore TL301 reason %d\n", i)
		} else {
			src.WriteString("\t// an ordinary comment\n")
		}
		src.WriteString("\t_ = 1\n")
	}
	src.WriteString("}\n")
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src.String(), parser.ParseComments)
	if err != nil {
		b.Fatal(err)
	}
	fs := make([]finding.Finding, 1000)
	for i := range fs {
		fs[i] = finding.New("TL301", "m")
		fs[i].File, fs[i].Line = "p.go", 4+2*i+1
	}
	for b.Loop() {
		s := New()
		s.AddGo(fset, []*ast.File{f})
		s.Apply(fs)
		s.Problems(nil)
	}
}
