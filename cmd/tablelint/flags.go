package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/rules"
)

// commonFlags are the flags every reporting command takes.
type commonFlags struct {
	format string
	config string
	failOn string
}

// newFlagSet returns a flag set for a command with the common flags bound.
func newFlagSet(e *env, c *command, cf *commonFlags) *flag.FlagSet {
	fs := flag.NewFlagSet("tablelint "+c.name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "usage: tablelint %s\n\n%s\n\nflags:\n", c.usage, c.summary)
		fs.PrintDefaults()
	}
	if cf != nil {
		fs.StringVar(&cf.format, "format", "text", "output format: "+strings.Join(report.Formats, ", "))
		fs.StringVar(&cf.config, "config", "", "config file (default: .tablelint.yaml found by walking up from the working directory)")
		fs.StringVar(&cf.failOn, "fail-on", "warning", "exit 1 when a finding is at or above this severity: error, warning or info")
	}
	return fs
}

// parseInterspersed parses flags that may come before, between or after
// positional arguments, and returns the positional arguments. "--" ends
// flag parsing.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// failOn parses --fail-on.
func (cf *commonFlags) failOnSeverity() (rules.Severity, error) {
	s, err := rules.ParseSeverity(cf.failOn)
	if err != nil || s == rules.Off {
		return 0, usageError{fmt.Sprintf("invalid --fail-on %q: want error, warning or info", cf.failOn)}
	}
	return s, nil
}

// checkFormat validates --format.
func (cf *commonFlags) checkFormat() error {
	for _, f := range report.Formats {
		if f == cf.format {
			return nil
		}
	}
	return usageError{fmt.Sprintf("invalid --format %q: want %s", cf.format, strings.Join(report.Formats, ", "))}
}

// useColor reports whether text output to stdout should be coloured.
func useColor(e *env) bool {
	return e.stdoutTerminal && os.Getenv("NO_COLOR") == ""
}
