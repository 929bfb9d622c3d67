package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/review"
	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/model"
)

func init() {
	register(&command{
		name:    "review",
		usage:   "review [flags] FILE...",
		summary: "review YAML table designs: findings, entity sizes, query plans and scan cost",
		run:     runReview,
	})
}

func runReview(e *env, args []string) int {
	var cf commonFlags
	fs := newFlagSet(e, commands["review"], &cf)
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
		return fail(e, usageError{"review needs at least one design file: tablelint review FILE..."})
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
		res := review.Review(d, review.Options{PartitionRate: partitionRate})
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
