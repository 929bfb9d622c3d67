//go:build ignore

// Gendesign writes design.schema.json from the design loader's format.
// Run it with `go generate ./schema`.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/tablelint/tablelint/schema"
)

func main() {
	// Written next to a temporary file and renamed, so an interrupted
	// run never leaves half a schema.
	tmp, err := os.CreateTemp(".", ".design.schema.json.*")
	if err == nil {
		_, err = tmp.Write(schema.Design())
		if err == nil {
			err = tmp.Chmod(0o644)
		}
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(tmp.Name(), filepath.Base(schema.DesignPath))
		}
		if err != nil {
			os.Remove(tmp.Name())
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendesign:", err)
		os.Exit(1)
	}
}
