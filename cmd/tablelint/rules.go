package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/internal/suggest"
	"github.com/tablelint/tablelint/internal/textable"
)

func init() {
	register(&command{
		name:    "rules",
		usage:   "rules [--format text|json]",
		summary: "list the rules: ID, name, default severity, what they apply to, title",
		run:     runRules,
	})
	register(&command{
		name:    "doc",
		usage:   "doc [--markdown] TLnnn|NAME",
		summary: "print one rule's documentation (by ID or name)",
		run:     runDoc,
	})
}

// jsonRule is the JSON form of a rule in `tablelint rules --format json`.
type jsonRule struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Severity  string   `json:"severity"`
	AppliesTo []string `json:"appliesTo"`
	Title     string   `json:"title"`
	URL       string   `json:"url"`
}

func runRules(e *env, args []string) int {
	fs := newFlagSet(e, commands["rules"], nil)
	format := fs.String("format", "text", "output format: text or json")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	if len(pos) > 0 {
		return fail(e, usageError{"rules takes no arguments"})
	}
	all := rules.All()
	switch *format {
	case "json":
		out := make([]jsonRule, len(all))
		for i, r := range all {
			targets := make([]string, len(r.Targets))
			for j, t := range r.Targets {
				targets[j] = string(t)
			}
			out[i] = jsonRule{r.ID, r.Name, r.Severity.String(), targets, r.Title, r.DocURL()}
		}
		b, _ := json.MarshalIndent(out, "", "  ")
		return write(e, string(b)+"\n")
	case "text":
	default:
		return fail(e, usageError{fmt.Sprintf("invalid --format %q: want text or json", *format)})
	}
	var buf strings.Builder
	t := textable.New(&buf, nil)
	t.Header("ID", "NAME", "SEVERITY", "APPLIES TO", "TITLE")
	for _, r := range all {
		if err := t.Append(r.ID, r.Name, r.Severity.String(), r.AppliesTo(), r.Title); err != nil {
			return fail(e, err)
		}
	}
	if err := t.Render(); err != nil {
		return fail(e, err)
	}
	fmt.Fprintf(&buf, "%d rules; `tablelint doc TLnnn` prints one in full\n", len(all))
	return write(e, buf.String())
}

// write writes s to stdout and returns the exit code: 2, with one line
// on stderr, when it cannot be written (a full disk, a closed pipe).
func write(e *env, s string) int {
	if _, err := io.WriteString(e.stdout, s); err != nil {
		return fail(e, fmt.Errorf("writing the output: %w", err))
	}
	return 0
}

func runDoc(e *env, args []string) int {
	fs := newFlagSet(e, commands["doc"], nil)
	markdown := fs.Bool("markdown", false, "print the Markdown page (as in docs/rules) instead of text")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	if len(pos) != 1 {
		return fail(e, usageError{"doc takes one rule ID or name, such as TL301 or table-scan"})
	}
	r, ok := rules.Get(strings.TrimSpace(pos[0]))
	if !ok {
		msg := fmt.Sprintf("unknown rule %q", pos[0])
		if best := suggest.Closest(pos[0], rules.Names()); best != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", best)
		}
		return fail(e, usageError{msg + "; `tablelint rules` lists them"})
	}
	if *markdown {
		return write(e, r.Markdown())
	}
	return write(e, r.Text(docWidth(e)))
}

// docWidth is the terminal's width (at most 100) when stdout is one, else 80.
func docWidth(e *env) int {
	if e.stdoutTerminal {
		if w, _, err := term.GetSize(int(os.Stdout.Fd())); err == nil && w > 20 {
			return min(w, 100)
		}
	}
	return 80
}
