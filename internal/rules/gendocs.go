//go:build ignore

// Gendocs writes the rule pages under docs/rules and the configuration
// file's JSON Schema from the registry. Run it with
// `go generate ./internal/rules`.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tablelint/tablelint/internal/config"

	"github.com/tablelint/tablelint/internal/rules"
)

func main() {
	out := flag.String("out", "../../docs/rules", "directory to write the pages to")
	root := flag.String("root", "../..", "repository root (the schema goes to "+config.SchemaPath+" under it)")
	flag.Parse()
	if err := rules.WriteDocs(*out); err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
	schema := filepath.Join(*root, filepath.FromSlash(config.SchemaPath))
	if err := os.MkdirAll(filepath.Dir(schema), 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(schema, config.Schema(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
}
