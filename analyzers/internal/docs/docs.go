// Package docs extracts an analyzer's documentation from its doc.go, so
// that it is written once: the package comment is what `go doc` shows and
// what the analyzer's Doc field (its help under go vet) says.
package docs

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// MustExtract returns the documentation of analyzer name from the
// text of a doc.go file (embedded with //go:embed doc.go), as x/tools'
// analyzers do: the section of the package comment that starts with the
// heading "# Analyzer name", whose first line is "name: summary", up to
// the next heading. Without such a section it returns the whole package
// comment. It panics if content has no package comment, or if the
// section does not start with "name: ", so a broken doc.go fails every
// test of the analyzer.
func MustExtract(content, name string) string {
	doc, err := Extract(content, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// Extract is MustExtract returning an error.
func Extract(content, name string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("doc.go of %s: %v", name, err)
	}
	if f.Doc == nil {
		return "", fmt.Errorf("doc.go of %s has no package comment", name)
	}
	text := f.Doc.Text()
	head := "# Analyzer " + name
	_, section, ok := strings.Cut(text, "\n"+head+"\n")
	if !ok {
		return strings.TrimSpace(text), nil
	}
	if i := strings.Index(section, "\n# "); i >= 0 {
		section = section[:i]
	}
	section = strings.TrimSpace(section)
	if !strings.HasPrefix(section, name+": ") {
		return "", fmt.Errorf("doc.go of %s: section %q must start with %q", name, head, name+": ")
	}
	return section, nil
}
