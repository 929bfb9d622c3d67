package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/internal/suggest"
)

// commonFlags are the flags every reporting command takes.
type commonFlags struct {
	command string // the command's name, set by newFlagSet
	format  string
	config  string
	failOn  string
	checks  string
}

// flagSet is a command's flag set. Parse errors are reported by
// parseInterspersed in one line with a hint; -h prints the usage.
type flagSet struct {
	*flag.FlagSet
	e *env
	c *command
}

// newFlagSet returns a flag set for a command with the common flags bound.
func newFlagSet(e *env, c *command, cf *commonFlags) *flagSet {
	fs := &flagSet{FlagSet: flag.NewFlagSet("tablelint "+c.name, flag.ContinueOnError), e: e, c: c}
	fs.SetOutput(io.Discard) // parse errors: one line, from parseInterspersed
	fs.Usage = func() {}
	if cf != nil {
		cf.command = c.name
		fs.StringVar(&cf.format, "format", "text", "output format: "+strings.Join(report.Formats, ", "))
		fs.StringVar(&cf.config, "config", "", "config file (default: .tablelint.yaml found by walking up from the working directory)")
		fs.StringVar(&cf.failOn, "fail-on", "warning", "exit 1 when a finding is at or above this severity: error, warning or info; none: never for findings")
		fs.StringVar(&cf.checks, "checks", "all", "rules to report, staticcheck style: all,-TL303 or TL3* (IDs, names, * patterns; -X turns X off)")
	}
	return fs
}

// usage writes the command's usage and flags to w.
func (fs *flagSet) usage(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: tablelint %s\n\n%s\n\nflags:\n", fs.c.usage, fs.c.summary)
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	_, err := io.WriteString(w, b.String())
	return err
}

// parseInterspersed parses flags that may come before, between or after
// positional arguments, and returns the positional arguments. "--" ends
// flag parsing. On -h it prints the usage (flag.ErrHelp, or an error
// when the usage cannot be written); on a bad flag it prints one line
// with a hint.
func parseInterspersed(fs *flagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				if werr := fs.usage(fs.e.stderr); werr != nil {
					return nil, werr
				}
				return nil, err
			}
			fmt.Fprintf(fs.e.stderr, "tablelint %s: %s (%s)\n", fs.c.name, err, fs.hint(err))
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

// hint suggests the closest flag for an unknown one, else where to read
// the flags.
func (fs *flagSet) hint(err error) string {
	const unknown = "flag provided but not defined: "
	if msg := err.Error(); strings.HasPrefix(msg, unknown) {
		name := strings.TrimLeft(strings.TrimPrefix(msg, unknown), "-")
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		if best := suggest.Closest(name, names); best != "" {
			return "did you mean --" + best + "?"
		}
	}
	return "run 'tablelint " + fs.c.name + " -h' for the flags"
}

// failOnSeverity parses --fail-on; "none" is Off: findings never make
// the exit code 1.
func (cf *commonFlags) failOnSeverity() (rules.Severity, error) {
	if cf.failOn == "none" {
		return rules.Off, nil
	}
	s, err := rules.ParseSeverity(cf.failOn)
	if err != nil || s == rules.Off {
		return 0, usageError{fmt.Sprintf("invalid --fail-on %q: want error, warning, info or none", cf.failOn)}
	}
	return s, nil
}

// selection parses --checks.
func (cf *commonFlags) selection() (*rules.Selection, error) {
	s, err := rules.ParseChecks(cf.checks)
	if err != nil {
		return nil, usageError{"invalid --checks: " + err.Error()}
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
