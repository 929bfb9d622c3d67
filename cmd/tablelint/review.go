package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/tablelint/tablelint/internal/config"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/review"
)

func init() {
	register(&command{
		name:    "review",
		usage:   "review [flags] FILE|DIR|GLOB...",
		summary: "review YAML table designs: findings, entity sizes, query plans and scan cost",
		run:     runReview,
	})
}

func runReview(e *env, args []string) int {
	var cf commonFlags
	fs := newFlagSet(e, commands["review"], &cf)
	quiet := fs.Bool("quiet", false, "text output: print the findings only, without the size and query tables or the summary line")
	rate := fs.Float64("partition-rate", limits.PartitionEntitiesPerSecond, "throughput target of one partition, entities a second, for TL209 and frequent partition scans (default: the config's, else the published target of 2,000)")
	oldRate := fs.Float64("partition-target", limits.PartitionEntitiesPerSecond, "deprecated: use --partition-rate")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	if len(pos) == 0 {
		return fail(e, usageError{"review needs at least one design file, directory or glob: tablelint review FILE|DIR|GLOB..."})
	}
	pos, err = expandDesigns(e.dir, pos)
	if err != nil {
		return fail(e, err)
	}
	pl, code := startPipeline(e, &cf, rules.Design)
	if pl == nil {
		return code
	}
	partitionRate := pl.Config().Throughput.PartitionEntitiesPerSecond
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	name := "--partition-rate"
	switch {
	case set["partition-rate"]:
		partitionRate = *rate
	case set["partition-target"]:
		fmt.Fprintln(e.stderr, "tablelint: --partition-target is deprecated; use --partition-rate")
		partitionRate, name = *oldRate, "--partition-target"
	}
	if err := checkRate(name, partitionRate, false); err != nil {
		return fail(e, err)
	}
	var results []*review.Result
	var fds []finding.Finding
	var inputErrs []report.InputError
	var seen []os.FileInfo
	for _, p := range pos {
		path := p
		if !filepath.IsAbs(path) && e.dir != "" {
			path = filepath.Join(e.dir, path)
		}
		if pl.Excluded(path) {
			continue
		}
		// A design named twice (also through .. or a link) is reviewed once.
		if fi, err := os.Stat(path); err == nil {
			if slices.ContainsFunc(seen, func(o os.FileInfo) bool { return os.SameFile(o, fi) }) {
				continue
			}
			seen = append(seen, fi)
		}
		d, err := model.Load(path)
		if err != nil {
			// One bad design does not hide the others' findings.
			ie := report.InputError{File: p, Message: unwrapPathError(err).Error()}
			var me *model.Error
			if errors.As(err, &me) {
				ie.Line, ie.Col, ie.Message = me.Line, me.Col, me.Msg
			}
			inputErrs = append(inputErrs, ie)
			continue
		}
		d.File = p
		pl.AddSource(p, string(d.Src))
		pl.Suppress.AddYAML(p, d.Src, d.Root)
		res := review.Review(d, review.Options{PartitionRate: partitionRate, Prices: configPrices(pl.Config().Prices)})
		results = append(results, res)
		fds = append(fds, res.Findings()...)
	}
	if len(results) == 0 && len(inputErrs) > 0 && cf.format == "text" {
		// Nothing could be reviewed: the errors alone, on stderr.
		for _, ie := range inputErrs {
			fmt.Fprintf(e.stderr, "tablelint: %s\n", report.EscapeControl(ie.String()))
		}
		return 2
	}
	entities, queries, totals := review.JSON(results)
	if *quiet {
		pl.quiet = true
	}
	return pl.finish(report.Result{
		Findings: fds,
		Errors:   inputErrs,
		Extra: []report.Field{
			{Name: "entities", Value: entities},
			{Name: "queries", Value: queries},
			{Name: "totals", Value: totals},
		},
		Text: func(w io.Writer) error {
			if err := review.WriteTables(w, results); err != nil {
				return err
			}
			_, err := fmt.Fprintln(w)
			return err
		},
	})
}

// designSuffixes are the names design files end in; a directory
// argument is searched for them.
var designSuffixes = []string{".tablelint.yaml", ".tablelint.yml"}

// isDesignName reports whether a file name is a design file's name:
// NAME.tablelint.yaml, but not the configuration file .tablelint.yaml.
func isDesignName(name string) bool {
	for _, suf := range designSuffixes {
		if strings.HasSuffix(name, suf) && len(name) > len(suf) {
			return true
		}
	}
	return false
}

// expandDesigns turns review's arguments into design files, in order,
// each once. A file is taken as it is, whatever its name. A directory
// stands for every design file (NAME.tablelint.yaml or .yml) under it,
// sorted, skipping directories whose name starts with "." or "_". A
// glob (*, ?, [...], and ** for any number of directories, which
// matches design files only and skips directories starting with ".")
// stands for the files it matches, sorted, without dot files; one that matches nothing is an error,
// as is a directory without design files. Paths stay as the user wrote
// them (relative to dir when not absolute).
func expandDesigns(dir string, args []string) ([]string, error) {
	abs := func(p string) string {
		if filepath.IsAbs(p) || dir == "" {
			return p
		}
		return filepath.Join(dir, p)
	}
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		key := filepath.Clean(abs(p))
		if !seen[key] {
			seen[key] = true
			out = append(out, p)
		}
	}
	for _, arg := range args {
		if arg == "" {
			// Not the current directory: an unset variable ($DESIGN) is a
			// mistake to report, not a request to review everything.
			return nil, usageError{"an empty path: name a design file, a directory or a glob"}
		}
		if strings.ContainsAny(arg, "*?[") {
			if _, err := os.Lstat(abs(arg)); err == nil {
				add(arg) // a file whose name contains a metacharacter
				continue
			}
			matches, err := globDesigns(abs, arg)
			if err != nil {
				return nil, err
			}
			if len(matches) == 0 {
				return nil, usageError{fmt.Sprintf("%s: no file matches", arg)}
			}
			for _, m := range matches {
				add(m)
			}
			continue
		}
		fi, err := os.Stat(abs(arg))
		if err != nil || !fi.IsDir() {
			add(arg) // a file; model.Load reports what is wrong with it
			continue
		}
		var found []string
		err = filepath.WalkDir(abs(arg), func(path string, d iofs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := d.Name()
			if d.IsDir() {
				if path != abs(arg) && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
					return filepath.SkipDir
				}
				return nil
			}
			if isDesignName(name) && d.Type().IsRegular() {
				rel, _ := filepath.Rel(abs(arg), path)
				found = append(found, filepath.Join(arg, rel))
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", arg, unwrapPathError(err))
		}
		if len(found) == 0 {
			return nil, usageError{fmt.Sprintf("%s: no design files (NAME.tablelint.yaml) under this directory", arg)}
		}
		sort.Strings(found)
		for _, f := range found {
			add(f)
		}
	}
	return out, nil
}

// globDesigns returns the files pattern matches. Without "**" it is
// filepath.Glob; with it, the directory before the first metacharacter
// is walked and design files are matched segment by segment.
func globDesigns(abs func(string) string, pattern string) ([]string, error) {
	if !strings.Contains(pattern, "**") {
		matches, err := filepath.Glob(abs(pattern))
		if err != nil {
			return nil, usageError{fmt.Sprintf("%s: invalid glob: %v", pattern, err)}
		}
		var out []string
		prefix := strings.TrimSuffix(abs(pattern), pattern)
		dotted := strings.HasPrefix(filepath.Base(pattern), ".")
		for _, m := range matches {
			if strings.HasPrefix(filepath.Base(m), ".") && !dotted {
				continue // as in the shell, * does not match a leading dot
			}
			if fi, err := os.Stat(m); err == nil && !fi.IsDir() {
				out = append(out, strings.TrimPrefix(m, prefix))
			}
		}
		return out, nil
	}
	slash := filepath.ToSlash(pattern)
	segs := strings.Split(slash, "/")
	static := 0
	for static < len(segs) && !strings.ContainsAny(segs[static], "*?[") {
		static++
	}
	base := strings.Join(segs[:static], "/")
	if base == "" && strings.HasPrefix(slash, "/") {
		base = "/"
	}
	root := base
	if root == "" {
		root = "."
	}
	if _, err := path.Match(strings.ReplaceAll(slash, "**", "*"), ""); err != nil {
		return nil, usageError{fmt.Sprintf("%s: invalid glob: %v", pattern, err)}
	}
	var out []string
	err := filepath.WalkDir(abs(filepath.FromSlash(root)), func(p string, d iofs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() != "." && d.Name() != ".." && p != abs(filepath.FromSlash(root)) && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(abs(filepath.FromSlash(root)), p)
		name := filepath.ToSlash(filepath.Join(filepath.FromSlash(root), rel))
		if base == "" {
			name = filepath.ToSlash(rel)
		}
		if isDesignName(d.Name()) && config.MatchGlob(slash, name) {
			out = append(out, filepath.FromSlash(name))
		}
		return nil
	})
	if err != nil && !errors.Is(err, iofs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w", pattern, unwrapPathError(err))
	}
	sort.Strings(out)
	return out, nil
}

// unwrapPathError drops the repeated path from an *fs.PathError.
func unwrapPathError(err error) error {
	var pe interface{ Unwrap() error }
	if errors.As(err, &pe) {
		if inner := pe.Unwrap(); inner != nil {
			return inner
		}
	}
	return err
}

// configPrices returns the price table: the defaults with what the
// configuration sets.
func configPrices(c config.Prices) review.Prices {
	p := review.DefaultPrices
	if c.Currency != "" {
		p.Currency = c.Currency
	}
	if c.Region != "" {
		p.Region = c.Region
	}
	if c.HasTransactions {
		p.PerTenThousandTransactions = c.PerTenThousandTransactions
	}
	if c.HasEgress {
		p.EgressPerGiB = c.EgressPerGiB
	}
	if c.HasStorage {
		p.StoragePerGBMonth = c.StoragePerGBMonth
	}
	return p
}
