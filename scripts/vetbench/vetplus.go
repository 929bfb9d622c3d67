//go:build ignore

// Command vetplus is a go vet tool with go vet's default analyzers plus tablelint's, for
// scripts/bench-vet.sh (built together with analyzers.go).
package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/tablelint/tablelint/analyzers/all"
)

// variant is set with -ldflags=-X=main.variant=N so that every build has
// its own tool ID, and go vet's result cache never answers for it.
var variant string

func main() {
	if variant == "-" {
		println(variant)
	}
	unitchecker.Main(append(vet, all.Text(all.Analyzers())...)...)
}
