package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/extract"
	"github.com/tablelint/tablelint/checkcache"
	"github.com/tablelint/tablelint/internal/outfile"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/model"
)

func init() {
	register(&command{
		name:    "extract",
		usage:   "extract [flags] [PATTERNS]",
		summary: "write the table design Go code implements (tables, entity types, key templates, queries) as a design file for review",
		run:     runExtract,
	})
}

func runExtract(e *env, args []string) int {
	fs := newFlagSet(e, commands["extract"], nil)
	out := fs.String("o", "", "write the design to this file (replaced atomically) instead of stdout")
	tests := fs.Bool("tests", false, "also read test files")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	if len(pos) == 0 {
		pos = []string{"./..."}
	}
	var o *outfile.File // nil: stdout
	if *out != "" && !outfile.IsStdout(*out) {
		path := replayPath(e, *out)
		if err := checkOutputs(nil, map[string]string{"-o": path}); err != nil {
			return fail(e, err)
		}
		if err := checkDesignOutput(*out, path); err != nil {
			return fail(e, err)
		}
		if o, err = outfile.Create(path, e.stdout); err != nil {
			return fail(e, err)
		}
		defer o.Abort()
	}
	results, errs, err := extractPackages(e.dir, pos, *tests, nil, e.stderr)
	if err != nil {
		return fail(e, err)
	}
	for _, ie := range errs {
		fmt.Fprintf(e.stderr, "tablelint: %s\n", report.EscapeControl(ie.String()))
	}
	base, _ := filepath.Abs(e.dir)
	d := extract.Build(results, func(position token.Position) string {
		name := position.Filename
		if rel, err := filepath.Rel(base, name); err == nil && !strings.HasPrefix(rel, "..") {
			name = filepath.ToSlash(rel)
		}
		return fmt.Sprintf("%s:%d", name, position.Line)
	})
	header := strings.TrimPrefix(extractedHeader, "# ") + " " + strings.Join(args, " ")
	var buf bytes.Buffer
	if err := d.Encode(&buf, header); err != nil {
		return fail(e, fmt.Errorf("internal error: %v", err))
	}
	text := buf.String()
	// Packages that could not be analysed: the design is partial. It is
	// printed (stdout), but never replaces a file, and the run fails.
	code := 0
	if len(errs) > 0 {
		code = 2
	}
	if o == nil {
		if _, err := io.WriteString(e.stdout, text); err != nil {
			return fail(e, err)
		}
		return code
	}
	if len(errs) > 0 {
		fmt.Fprintf(e.stderr, "tablelint: -o %s not written: packages could not be analysed (above), so the design would be partial\n", report.EscapeControl(*out))
		return code
	}
	if _, err := io.WriteString(o, text); err != nil {
		return fail(e, err)
	}
	if err := o.Commit(); err != nil {
		return fail(e, err)
	}
	return 0
}

// extractedHeader begins every design extract writes.
const extractedHeader = "# Extracted by: tablelint extract"

// checkDesignOutput refuses an -o that would replace something other
// than a design: a name that is not .yaml or .yml (a Go file, go.mod,
// a README), or an existing file that neither extract wrote nor parses
// as a tablelint design (a .golangci.yml, a CI workflow).
func checkDesignOutput(name, path string) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".yaml", ".yml":
	default:
		return usageError{fmt.Sprintf("-o %s: a design file is YAML; name it *.tablelint.yaml (without -o the design goes to stdout)", name)}
	}
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return usageError{fmt.Sprintf("-o %s is not a regular file", name)}
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	head := make([]byte, len(extractedHeader))
	n, _ := io.ReadFull(f, head)
	f.Close()
	if string(head[:n]) == extractedHeader {
		return nil
	}
	if _, err := model.Load(path); err != nil {
		return usageError{fmt.Sprintf("-o %s exists and is not a tablelint design: refusing to replace it", name)}
	}
	return nil
}

// extractSalt tells extract's entries in the check cache from check's
// and check --design's (the executable's hash tells builds apart).
const extractSalt = "extract 2"

// extractPackages runs the extract analyzer (and only what it requires)
// over the packages matching patterns in dir, as check runs its
// analyzers: dependencies from export data, facts and results from the
// check cache when nothing changed, under keys of their own (see
// extractSalt). Packages that do not load or type-check are returned as
// input errors. stats, if not nil, is set to the cache's hits and
// misses.
func extractPackages(dir string, patterns []string, tests bool, stats *checkcache.Stats, warn io.Writer) ([]*extract.Result, []report.InputError, error) {
	var out []*extract.Result
	o := checkOptions{
		tests:            tests,
		includeGenerated: true,
		analyzers:        []*analysis.Analyzer{extract.Analyzer},
		salt:             extractSalt,
		stats:            stats,
		warn:             warn,
		result: func(name string, data []byte) error {
			if name != extract.Analyzer.Name {
				return nil
			}
			r := new(extract.Result)
			if err := json.Unmarshal(data, r); err != nil {
				return err
			}
			out = append(out, r)
			return nil
		},
	}
	_, errs, err := checkPackages(dir, patterns, o)
	if err != nil {
		return nil, nil, err
	}
	return out, errs, nil
}
