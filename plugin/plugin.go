// Package plugin is tablelint's golangci-lint v2 module plugin. Build a
// custom golangci-lint that includes it with `golangci-lint custom` and a
// .custom-gcl.yml naming this package (see docs/golangci.md), then enable
// the "tablelint" linter in .golangci.yml:
//
//	linters:
//	  enable: [tablelint]
//	  settings:
//	    custom:
//	      tablelint:
//	        type: module
//	        settings:
//	          info: false            # also report info findings (TL303)
//	          checks: [all, -TL308]  # rules to report, as tablelint check --checks
//	          disable: [TL308]       # rule IDs not to report (older form of checks: [-TL308])
//	          analyzers: []          # run only these analyzers (default: all)
//	          design: service.tablelint.yaml # compare the code with this design (TL519, TL520)
//	          target: cosmos         # storage (default) | cosmos: Azure Cosmos DB for Table's limits
package plugin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/all"
	"github.com/tablelint/tablelint/analyzers/designdrift"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/internal/rules"
)

func init() {
	register.Plugin("tablelint", New)
}

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	// Info reports info-severity findings (TL303 partition scans), off by
	// default like under go vet.
	Info bool `json:"info"`
	// Checks selects the rules to report, as `tablelint check --checks`
	// and the vet tool's -checks (staticcheck style): ["all", "-TL303"],
	// ["TL3*"]. Empty: every rule.
	Checks []string `json:"checks"`
	// Disable lists rule IDs ("TL303") or names ("partition-scan") that
	// are not reported, after Checks.
	Disable []string `json:"disable"`
	// Analyzers restricts the run to these analyzers (by name:
	// tablescan, filterinjection, continuation, …); empty means all.
	Analyzers []string `json:"analyzers"`
	// Design is a design file the code must implement: the tabledesign
	// analyzer reports undeclared queries (TL519) and writes unlike the
	// design (TL520). Empty: not checked.
	Design string `json:"design"`
	// Target is the service the code runs on: "storage" (the default) or
	// "cosmos" (Azure Cosmos DB for Table, whose limits differ: TL116,
	// TL202, TL309). A package that names a *.table.cosmos.azure.com
	// endpoint is checked as cosmos whatever this says.
	Target string `json:"target"`
}

// Plugin is the golangci-lint linter plugin.
type Plugin struct {
	settings Settings
	checks   *rules.Selection
	disabled map[string]bool
}

// New builds the plugin from its settings.
func New(raw any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](raw)
	if err != nil {
		return nil, fmt.Errorf("tablelint: %w", err)
	}
	checks, err := rules.ParseChecks(strings.Join(s.Checks, ","))
	if err != nil {
		return nil, fmt.Errorf("tablelint: %w", err)
	}
	p := &Plugin{settings: s, checks: checks, disabled: map[string]bool{}}
	for _, id := range s.Disable {
		r, ok := rules.Get(id)
		if !ok {
			return nil, fmt.Errorf("tablelint: unknown rule %q in disable", id)
		}
		p.disabled[r.ID] = true
	}
	known := map[string]bool{}
	for _, a := range all.Analyzers() {
		known[a.Name] = true
	}
	for _, n := range s.Analyzers {
		if !known[n] {
			return nil, fmt.Errorf("tablelint: unknown analyzer %q in analyzers", n)
		}
	}
	if _, ok := limits.ParseTarget(s.Target); !ok {
		return nil, fmt.Errorf("tablelint: unknown target %q: want storage or cosmos", s.Target)
	}
	if s.Design != "" {
		if _, err := designdrift.Load(s.Design); err != nil {
			return nil, fmt.Errorf("tablelint: design: %w", err)
		}
	}
	return p, nil
}

// BuildAnalyzers returns the analyzers, wrapped to apply the settings and
// to start each message with its rule ID, as golangci-lint prints it.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	var out []*analysis.Analyzer
	for _, a := range all.Analyzers() {
		if len(p.settings.Analyzers) > 0 && !slices.Contains(p.settings.Analyzers, a.Name) {
			continue
		}
		if f := a.Flags.Lookup("info"); f != nil {
			if err := a.Flags.Set("info", fmt.Sprint(p.settings.Info)); err != nil {
				return nil, err
			}
		}
		if f := a.Flags.Lookup("target"); f != nil {
			t, _ := limits.ParseTarget(p.settings.Target)
			if err := a.Flags.Set("target", string(t)); err != nil {
				return nil, err
			}
		}
		if f := a.Flags.Lookup("design"); f != nil {
			if err := a.Flags.Set("design", p.settings.Design); err != nil {
				return nil, err
			}
		}
		out = append(out, a)
	}
	return all.Text(all.Select(out, p.selected)), nil
}

// selected reports whether a rule's findings are reported: chosen by
// Checks and not disabled.
func (p *Plugin) selected(id string) (bool, error) {
	return p.checks.Selected(id) && !p.disabled[id], nil
}

// GetLoadMode reports that the analyzers need type information.
func (p *Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
