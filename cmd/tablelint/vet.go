package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/tablelint/tablelint/analyzers/all"
	"github.com/tablelint/tablelint/checkcache"
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
		// An invalid -checks list fails here, before any analysis: inside
		// an analyzer's Run it would reach go vet as an analysis error,
		// which go vet prints once and then caches as a clean run.
		if list, ok := vetChecksArg(args); ok {
			if _, err := rules.ParseChecks(list); err != nil {
				return vetRefuse(e, args[len(args)-1], fmt.Sprintf("invalid -checks: %v", err)), true
			}
		}
		if last := args[len(args)-1]; strings.HasSuffix(last, ".cfg") && vetSkip(last) {
			return 0, true // cannot reach the SDK: see vetskip.go
		}
		os.Args = append([]string{os.Args[0]}, args...)
		unitchecker.Main(all.Text(all.Select(all.Analyzers(), vetChecks()))...) // exits
		return 0, true
	}
}

// vetRefuse ends a go vet invocation that cannot run. For a package
// vetted only for its facts (a dependency: VetxOnly in the config) it
// exits 0 and writes no facts, so go vet caches nothing and says
// nothing; for a package the user named, it prints msg as one line and
// exits 2, which go vet reports under the package's name. The user sees
// the line once per named package instead of once per dependency.
func vetRefuse(e *env, cfgFile, msg string) int {
	var cfg struct{ VetxOnly bool }
	if data, err := os.ReadFile(cfgFile); err == nil && json.Unmarshal(data, &cfg) == nil && cfg.VetxOnly {
		return 0
	}
	fmt.Fprintf(e.stderr, "tablelint: %s\n", msg)
	return 2
}

// vetChecksArg returns the value of the last -checks flag among the
// analyzer flags go vet passes before the *.cfg file, spelled as the
// user wrote it: -checks=L, --checks=L, -checks L or --checks L.
func vetChecksArg(args []string) (list string, ok bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if name != "checks" {
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				break
			}
			i++
			value = args[i]
		}
		list, ok = value, true
	}
	return list, ok
}

// vetChecks registers the vet tool's -checks flag (go vet passes it
// through: go vet -vettool=$(command -v tablelint) -checks=all,-TL308)
// and returns the selection it makes, parsed once when the analysis
// starts. The vet hook has already refused an invalid list (exit 2);
// the error here is a second guard for callers that skip the hook.
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
