package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/review"
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
	target := fs.Float64("partition-target", review.DefaultPartitionTarget, "entities per second one partition serves (for TL209 and frequent partition scans)")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	if err := cf.checkFormat(); err != nil {
		return fail(e, err)
	}
	failOn, err := cf.failOnSeverity()
	if err != nil {
		return fail(e, err)
	}
	if len(pos) == 0 {
		return fail(e, usageError{"review needs at least one design file: tablelint review FILE..."})
	}
	if *target <= 0 {
		return fail(e, usageError{"--partition-target must be positive"})
	}
	var results []*review.Result
	var fds []finding.Finding
	for _, p := range pos {
		path := p
		if !filepath.IsAbs(path) && e.dir != "" {
			path = filepath.Join(e.dir, path)
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
		res := review.Review(d, review.Options{PartitionTarget: *target})
		results = append(results, res)
		fds = append(fds, res.Findings()...)
	}
	entities, queries, totals := review.JSON(results)
	out := report.Result{
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
	}
	if err := report.Write(e.stdout, out, report.Options{Format: cf.format, Color: useColor(e)}); err != nil {
		return fail(e, err)
	}
	return report.ExitCode(fds, failOn)
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
