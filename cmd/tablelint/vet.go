package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/tablelint/tablelint/analyzers/all"
	"github.com/tablelint/tablelint/internal/checkcache"
	"github.com/tablelint/tablelint/internal/rules"
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
		unitchecker.Main(all.Select(all.Analyzers(), vetChecks())...) // exits
		return 0, true
	}
}

// vetChecks registers the vet tool's -checks flag (go vet passes it
// through: go vet -vettool=$(command -v tablelint) -checks=all,-TL308)
// and returns the selection it makes, parsed once when the analysis
// starts; an invalid list fails every package with its error.
func vetChecks() func(id string) (bool, error) {
	list := flag.String("checks", "all", "rules to report, staticcheck style: all,-TL303 or TL3* (IDs, names, * patterns; -X turns X off)")
	var once sync.Once
	var sel *rules.Selection
	var err error
	return func(id string) (bool, error) {
		once.Do(func() {
			sel, err = rules.ParseChecks(*list)
			if err != nil {
				err = fmt.Errorf("invalid -checks: %v", err)
			}
		})
		if err != nil {
			return false, err
		}
		return id == "" || sel.Selected(id), nil
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
