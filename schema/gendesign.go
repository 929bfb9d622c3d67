//go:build ignore

// Gendesign writes design.schema.json from the design loader's format.
// Run it with `go generate ./schema`.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/tablelint/tablelint/internal/outfile"
	"github.com/tablelint/tablelint/schema"
)

func main() {
	// Written atomically, so an interrupted run never leaves half a
	// schema.
	f, err := outfile.Create(filepath.Base(schema.DesignPath), nil)
	if err == nil {
		defer f.Abort()
		if _, err = f.Write(schema.Design()); err == nil {
			err = f.Commit()
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendesign:", err)
		os.Exit(1)
	}
}
