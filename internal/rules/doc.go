package rules

//go:generate go run gendocs.go -out ../../docs/rules -root ../..

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// DocBaseURL is where the generated rule pages are published; a rule's
// page is DocBaseURL + "TL301.md". SARIF helpUri values point here.
const DocBaseURL = "https://github.com/tablelint/tablelint/blob/main/docs/rules/"

// DocURL returns the URL of the rule's documentation page.
func (r *Rule) DocURL() string { return DocBaseURL + r.ID + ".md" }

var targetNames = map[Target]string{
	Filter: "filters",
	Design: "design files",
	GoCode: "Go code",
	Replay: "replay",
}

// AppliesTo returns the rule's targets as prose: "filters, design files".
func (r *Rule) AppliesTo() string {
	names := make([]string, len(r.Targets))
	for i, t := range r.Targets {
		names[i] = targetNames[t]
		if names[i] == "" {
			names[i] = string(t)
		}
	}
	return strings.Join(names, ", ")
}

// AppliesToTarget reports whether the rule applies to inputs of kind t.
func (r *Rule) AppliesToTarget(t Target) bool { return slices.Contains(r.Targets, t) }

var (
	idPattern   = regexp.MustCompile(`^TL[1-9][0-9]{2}$`)
	namePattern = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)
)

// Validate reports the first thing wrong with a registry entry: an ID
// that is not TLnnn, a name that is not kebab-case, a missing title,
// rationale, source, example or version, or an unknown target or
// severity.
func (r *Rule) Validate() error {
	switch {
	case !idPattern.MatchString(r.ID):
		return fmt.Errorf("rule ID %q is not of the form TLnnn", r.ID)
	case !namePattern.MatchString(r.Name):
		return fmt.Errorf("%s: name %q is not kebab-case", r.ID, r.Name)
	case r.Severity < Info || r.Severity > Error:
		return fmt.Errorf("%s: default severity %v is not info, warning or error", r.ID, r.Severity)
	case len(r.Targets) == 0:
		return fmt.Errorf("%s: no targets", r.ID)
	}
	for _, t := range r.Targets {
		if _, ok := targetNames[t]; !ok {
			return fmt.Errorf("%s: unknown target %q", r.ID, t)
		}
	}
	for _, f := range []struct{ name, v string }{
		{"title", r.Title}, {"rationale", r.Rationale}, {"source", r.Source},
		{"bad example", r.Bad}, {"good example", r.Good}, {"since", r.Since},
	} {
		if strings.TrimSpace(f.v) == "" {
			return fmt.Errorf("%s: %s is empty", r.ID, f.name)
		}
	}
	if strings.Contains(r.Title, "\n") || strings.Contains(r.Hint, "\n") {
		return fmt.Errorf("%s: title and hint must be one line", r.ID)
	}
	return nil
}

// fence returns a Markdown code fence long enough for s.
func fence(s string) string {
	f := "```"
	for strings.Contains(s, f) {
		f += "`"
	}
	return f
}

// Markdown returns the rule's documentation page, as checked in under
// docs/rules and used as the SARIF help markdown.
func (r *Rule) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s %s\n\n", r.ID, r.Name)
	fmt.Fprintf(&b, "%s.\n\n", strings.TrimSuffix(r.Title, "."))
	b.WriteString("| | |\n|---|---|\n")
	fmt.Fprintf(&b, "| Default severity | %s |\n", r.Severity)
	fmt.Fprintf(&b, "| Applies to | %s |\n", r.AppliesTo())
	fmt.Fprintf(&b, "| Since | %s |\n\n", r.Since)
	fmt.Fprintf(&b, "## Why\n\n%s\n\n", strings.TrimSpace(r.Rationale))
	fmt.Fprintf(&b, "## Source\n\n> %s\n\n", strings.ReplaceAll(strings.TrimSpace(r.Source), "\n", "\n> "))
	for _, ex := range []struct{ head, body string }{{"Bad", r.Bad}, {"Good", r.Good}} {
		body := strings.TrimSpace(ex.body)
		f := fence(body)
		fmt.Fprintf(&b, "## %s\n\n%s\n%s\n%s\n\n", ex.head, f, body, f)
	}
	if r.Hint != "" {
		fmt.Fprintf(&b, "## How to fix\n\n%s\n\n", upperFirst(r.Hint)+".")
	}
	if r.Options != "" {
		fmt.Fprintf(&b, "## Options\n\n%s\n\n", strings.TrimSpace(r.Options))
	}
	b.WriteString("## Configuring and suppressing\n\n")
	fmt.Fprintf(&b, "Set the severity in `.tablelint.yaml` (`rules: {%s: error}`, or `off`). ", r.ID)
	b.WriteString("Suppress one finding with a directive that says why:\n\n")
	if r.AppliesToTarget(GoCode) {
		fmt.Fprintf(&b, "- Go code: `//tablelint:ignore %s reason` on the line or the line above, or `//tablelint:file-ignore %s reason` for the whole file.\n", r.ID, r.ID)
	}
	if r.AppliesToTarget(Design) {
		fmt.Fprintf(&b, "- Design files: `# tablelint:ignore %s reason` on the line of a field (or the line above it): it covers that field and everything under it.\n", r.ID)
	}
	if !r.AppliesToTarget(GoCode) && !r.AppliesToTarget(Design) {
		b.WriteString("- This rule has no inline directive: turn it off in the configuration, or exclude paths.\n")
	}
	b.WriteString("\n<!-- Generated from internal/rules by `go generate ./internal/rules`. Do not edit. -->\n")
	return b.String()
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Text returns the rule's documentation as plain text for a terminal,
// wrapped at width columns (0 means 80).
func (r *Rule) Text(width int) string {
	if width <= 0 {
		width = 80
	}
	var b strings.Builder
	head := r.ID + " " + r.Name
	fmt.Fprintf(&b, "%s\n%s\n\n", head, strings.Repeat("=", len(head)))
	b.WriteString(wrap(strings.TrimSuffix(r.Title, ".")+".", width, ""))
	fmt.Fprintf(&b, "\n  Default severity: %s\n  Applies to:       %s\n  Since:            %s\n  Page:             %s\n",
		r.Severity, r.AppliesTo(), r.Since, r.DocURL())
	section := func(name, body, prefix string) {
		fmt.Fprintf(&b, "\n%s\n%s\n", name, strings.Repeat("-", len(name)))
		b.WriteString(wrap(strings.TrimSpace(body), width, prefix))
	}
	section("Why", r.Rationale, "")
	section("Source", r.Source, "  ")
	for _, ex := range []struct{ head, body string }{{"Bad", r.Bad}, {"Good", r.Good}} {
		fmt.Fprintf(&b, "\n%s\n%s\n", ex.head, strings.Repeat("-", len(ex.head)))
		for _, l := range strings.Split(strings.TrimSpace(ex.body), "\n") {
			fmt.Fprintf(&b, "    %s\n", l)
		}
	}
	if r.Hint != "" {
		section("How to fix", upperFirst(r.Hint)+".", "")
	}
	if r.Options != "" {
		section("Options", r.Options, "")
	}
	return b.String()
}

// wrap fills paragraphs (separated by blank lines) to width columns,
// each line starting with prefix.
func wrap(s string, width int, prefix string) string {
	var b strings.Builder
	for i, para := range strings.Split(s, "\n\n") {
		if i > 0 {
			b.WriteString("\n")
		}
		line := prefix
		for _, w := range strings.Fields(para) {
			if len(line) > len(prefix) && len(line)+1+len(w) > width {
				b.WriteString(line + "\n")
				line = prefix
			}
			if len(line) > len(prefix) {
				line += " "
			}
			line += w
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

// Index returns the Markdown index page of all rules (docs/rules/README.md).
func Index() string {
	var b strings.Builder
	b.WriteString("# tablelint rules\n\n")
	b.WriteString("Every rule, with its default severity and what it applies to. `tablelint rules` prints this table; `tablelint doc TLnnn` prints a page.\n\n")
	b.WriteString("| ID | name | severity | applies to | title |\n|---|---|---|---|---|\n")
	for _, r := range All() {
		fmt.Fprintf(&b, "| [%s](%s.md) | %s | %s | %s | %s |\n", r.ID, r.ID, r.Name, r.Severity, r.AppliesTo(), strings.ReplaceAll(r.Title, "|", "\\|"))
	}
	b.WriteString("\n<!-- Generated from internal/rules by `go generate ./internal/rules`. Do not edit. -->\n")
	return b.String()
}

// DocFiles returns the generated documentation: file name → content,
// one TLnnn.md per rule plus README.md.
func DocFiles() map[string]string {
	out := map[string]string{"README.md": Index()}
	for _, r := range All() {
		out[r.ID+".md"] = r.Markdown()
	}
	return out
}

// WriteDocs writes DocFiles into dir and removes TLnnn.md pages of rules
// that are no longer registered.
func WriteDocs(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	files := DocFiles()
	old, _ := filepath.Glob(filepath.Join(dir, "TL*.md"))
	for _, p := range old {
		if _, ok := files[filepath.Base(p)]; !ok {
			if err := os.Remove(p); err != nil {
				return err
			}
		}
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}
