package main

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"path/filepath"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/designdrift"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/model"
)

// designCheck is what `check --design FILE` adds to check: a pass of the
// designdrift analyzer over the packages, with cache entries keyed by the
// design's content, and the design's unused declarations once every
// package is analysed. The run of the other analyzers leaves designdrift
// silent.
type designCheck struct {
	d    *model.Design
	name string // the design's path as given
	abs  string // the design's absolute path, for the analyzer
}

// startDesignCheck loads the design (a bad design is an input error: exit
// 2) and registers it with the pipeline, so that its findings and
// directives name it as given. With an empty path it returns nil.
func startDesignCheck(e *env, pl *pipeline, path string) (*designCheck, error) {
	if err := designdrift.Analyzer.Flags.Set("design", ""); err != nil {
		return nil, err
	}
	if path == "" {
		return nil, nil
	}
	abs, err := filepath.Abs(replayPath(e, path))
	if err != nil {
		return nil, err
	}
	d, err := designdrift.Load(abs)
	if err != nil {
		var me *model.Error
		if errors.As(err, &me) {
			return nil, err
		}
		return nil, unwrapPathError(err)
	}
	// Findings in the design name it as given, as review's do.
	pl.AddSource(path, string(d.Src))
	pl.Suppress.AddYAML(path, d.Src, d.Root)
	return &designCheck{d: d, name: path, abs: abs}, nil
}

// run runs designdrift over the packages as check runs its analyzers
// (dependencies from export data, facts and results from the check
// cache), under cache keys of their own that hold the design's content,
// and returns its findings (deduplicated, generated files dropped unless
// o.includeGenerated, as checkPackages does) and the design's unused
// declarations. The problems of packages that do not load are the
// cached run's, returned again.
func (dc *designCheck) run(dir string, patterns []string, o checkOptions) ([]finding.Finding, []report.InputError, error) {
	if err := designdrift.Analyzer.Flags.Set("design", dc.abs); err != nil {
		return nil, nil, err
	}
	defer func() { _ = designdrift.Analyzer.Flags.Set("design", "") }()
	var results []*designdrift.Result
	o.analyzers = []*analysis.Analyzer{designdrift.Analyzer}
	o.salt = fmt.Sprintf("design 1; %x", sha256.Sum256(dc.d.Src))
	o.addDirective = nil // the cached run gave them
	o.result = func(name string, data []byte) error {
		if name != designdrift.Analyzer.Name {
			return nil
		}
		r, err := designdrift.Decode(dc.d, data)
		if err == nil {
			results = append(results, r)
		}
		return err
	}
	out, errs, err := checkPackages(dir, patterns, o)
	if err != nil {
		return nil, nil, err
	}
	if len(results) > 0 {
		unused := designdrift.Unused(dc.d, results)
		for i := range unused {
			unused[i].File = dc.name
		}
		out = append(out, unused...)
	}
	return out, errs, nil
}
