package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/tablelint/tablelint/analyzers/all"
	"github.com/tablelint/tablelint/internal/checkcache"
)

// The go vet driver: `go vet -vettool=$(command -v tablelint) ./...` runs
// the binary as `tablelint -V=full`, `tablelint -flags` and
// `tablelint [analyzer flags] CFGFILE.cfg`. unitchecker speaks that
// protocol; analyzer options are its flags (-tablescan.info).
func init() {
	vetHook = func(e *env, args []string) (int, bool) {
		if !isVetInvocation(args) {
			return 0, false
		}
		if args[0] == "-V=full" || args[0] == "--V=full" {
			// go vet asks once per run, and keys its cache with the
			// answer: the executable's SHA-256, as unitchecker answers,
			// but kept in the check cache instead of read again.
			cache, _ := checkcache.Open()
			if id, err := cache.ToolID(); err == nil {
				fmt.Fprintf(e.stdout, "%s version devel comments-go-here buildID=%s\n", filepath.Base(os.Args[0]), id)
				return 0, true
			}
		}
		os.Args = append([]string{os.Args[0]}, args...)
		unitchecker.Main(all.Analyzers()...) // exits
		return 0, true
	}
}

// isVetInvocation reports whether args are the go vet protocol's: the
// version query, the flags query, or a *.cfg file as the last argument
// (after analyzer flags).
func isVetInvocation(args []string) bool {
	if len(args) == 0 {
		return false
	}
	switch args[0] {
	case "-V=full", "--V=full", "-flags", "--flags":
		return true
	}
	last := args[len(args)-1]
	if !strings.HasSuffix(last, ".cfg") || (len(args) > 1 && !strings.HasPrefix(args[0], "-")) {
		return false
	}
	if _, ok := commands[args[0]]; ok {
		return false
	}
	fi, err := os.Stat(last)
	return err == nil && fi.Mode().IsRegular()
}
