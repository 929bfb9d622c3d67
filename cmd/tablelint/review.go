package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"

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
	switch {
	case set["partition-rate"]:
		partitionRate = *rate
	case set["partition-target"]:
		fmt.Fprintln(e.stderr, "tablelint: --partition-target is deprecated; use --partition-rate")
		partitionRate = *oldRate
	}
	if partitionRate <= 0 {
		return fail(e, usageError{"--partition-rate must be positive"})
	}
	var results []*review.Result
	var fds []finding.Finding
	for _, p := range pos {
		path := p
		if !filepath.IsAbs(path) && e.dir != "" {
			path = filepath.Join(e.dir, path)
		}
		if pl.Excluded(path) {
			continue
		}
		d, err := model.Load(path)
		if err != nil {
			var me *model.Error
			if errors.As(err, &me) {
				me.File = p
				return fail(e, me)
			}
			return fail(e, fmt.Errorf("%s: %w", p, unwrapPathError(err)))
		}
		d.File = p
		pl.Suppress.AddYAML(p, d.Src, d.Root)
		res := review.Review(d, review.Options{PartitionRate: partitionRate})
		results = append(results, res)
		fds = append(fds, res.Findings()...)
	}
	entities, queries, totals := review.JSON(results)
	return pl.finish(report.Result{
		Findings: fds,
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
