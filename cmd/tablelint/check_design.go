package main

import (
	"errors"
	"path/filepath"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/tablelint/tablelint/analyzers/designdrift"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/model"
)

// designCheck collects what `check --design FILE` needs once every
// package is analysed: each package's designdrift result. Its methods do
// nothing on a nil designCheck (no --design).
type designCheck struct {
	d       *model.Design
	name    string // the design's path as given
	results []*designdrift.Result
}

// startDesignCheck loads the design (a bad design is an input error: exit
// 2), gives it to the designdrift analyzer and hooks o to collect the
// analyzer's results. With an empty path it turns the analyzer off.
func startDesignCheck(e *env, pl *pipeline, path string, o *checkOptions) (*designCheck, error) {
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
	if err := designdrift.Analyzer.Flags.Set("design", abs); err != nil {
		return nil, err
	}
	// Findings in the design name it as given, as review's do.
	pl.AddSource(path, string(d.Src))
	pl.Suppress.AddYAML(path, d.Src, d.Root)
	dc := &designCheck{d: d, name: path}
	o.addResult = func(a *analysis.Analyzer, _ *packages.Package, r any) {
		if res, ok := r.(*designdrift.Result); ok && a.Name == designdrift.Analyzer.Name {
			dc.results = append(dc.results, res)
		}
	}
	return dc, nil
}

// unused returns the design's queries and entity types no package used.
func (dc *designCheck) unused() []finding.Finding {
	if dc == nil || len(dc.results) == 0 {
		return nil
	}
	fds := designdrift.Unused(dc.d, dc.results)
	for i := range fds {
		fds[i].File = dc.name
	}
	return fds
}
