//go:build ignore

// Gendocs writes the rule pages under docs/rules from the registry.
// Run it with `go generate ./internal/rules`.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tablelint/tablelint/internal/rules"
)

func main() {
	out := flag.String("out", "../../docs/rules", "directory to write the pages to")
	flag.Parse()
	if err := rules.WriteDocs(*out); err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
}
