package report

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/rules"
)

// InformationURI is tablelint's home page, for SARIF.
const InformationURI = "https://github.com/tablelint/tablelint"

// sarifLevel maps a severity to a SARIF level.
func sarifLevel(s rules.Severity) string {
	switch s {
	case rules.Error:
		return "error"
	case rules.Warning:
		return "warning"
	case rules.Info:
		return "note"
	}
	return "none"
}

// writeSARIF writes a SARIF 2.1.0 log with one run: tool.driver.rules[]
// describes every rule that has a result (id, name, descriptions, help
// text and Markdown, helpUri, default level), and every result has a
// ruleId, ruleIndex, level, message and a location whose region columns
// are UTF-16 code units (the SARIF default columnKind).
func writeSARIF(w io.Writer, r Result, opt Options) error {
	log, err := sarif.New(sarif.Version210)
	if err != nil {
		return err
	}
	driver := sarif.NewDriver("tablelint").WithInformationURI(InformationURI)
	if opt.ToolVersion != "" {
		driver.WithVersion(opt.ToolVersion)
	}
	run := sarif.NewRun(*sarif.NewTool(driver))
	run.WithColumnKind("utf16CodeUnits")

	index := map[string]uint{}
	for _, f := range r.Findings {
		if _, ok := index[f.Rule]; ok {
			continue
		}
		rule, ok := rules.Get(f.Rule)
		if !ok {
			continue
		}
		index[f.Rule] = 0
		driver.Rules = append(driver.Rules, sarifRule(rule))
	}
	// Rules in ID order, indexed.
	sortRules(driver.Rules)
	for i, d := range driver.Rules {
		index[d.ID] = uint(i)
	}

	for _, f := range r.Findings {
		res := sarif.NewRuleResult(f.Rule).WithLevel(sarifLevel(f.Severity))
		if i, ok := index[f.Rule]; ok {
			res.WithRuleIndex(int(i))
		}
		msg := f.Message
		if h := hint(f); h != "" {
			msg += "\nhint: " + h
		}
		res.WithMessage(sarif.NewTextMessage(msg))
		res.AddLocation(sarif.NewLocationWithPhysicalLocation(physicalLocation(f, opt.LineText)))
		run.AddResult(res)
	}
	log.AddRun(run)

	var buf bytes.Buffer
	if err := log.PrettyWrite(&buf); err != nil {
		return err
	}
	buf.WriteByte('\n')
	_, err = w.Write(buf.Bytes())
	return err
}

func sortRules(rs []*sarif.ReportingDescriptor) {
	slices.SortFunc(rs, func(a, b *sarif.ReportingDescriptor) int { return strings.Compare(a.ID, b.ID) })
}

func sarifRule(r *rules.Rule) *sarif.ReportingDescriptor {
	help := sarif.NewMultiformatMessageString(r.Text(80)).WithMarkdown(r.Markdown())
	full := strings.TrimSpace(r.Rationale)
	return sarif.NewRule(r.ID).
		WithName(r.Name).
		WithShortDescription(sarif.NewMultiformatMessageString(r.Title)).
		WithFullDescription(sarif.NewMultiformatMessageString(full).WithMarkdown(full)).
		WithHelp(help).
		WithHelpURI(r.DocURL()).
		WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(sarifLevel(r.Severity)))
}

// physicalLocation returns the finding's place: a relative URI with
// forward slashes (absolute paths become file: URIs), and a region with
// UTF-16 columns.
func physicalLocation(f finding.Finding, lineText func(string, int) (string, bool)) *sarif.PhysicalLocation {
	loc := sarif.NewArtifactLocation()
	if f.File == "" {
		loc.WithDescription(sarif.NewTextMessage("the $filter given on the command line"))
	} else {
		loc.WithUri(fileURI(f.File))
	}
	pl := sarif.NewPhysicalLocation().WithArtifactLocation(loc)
	line := max(f.Line, 1)
	region := sarif.NewRegion().WithStartLine(line)
	if f.Col > 0 {
		region.WithStartColumn(utf16Column(f.File, line, f.Col, lineText))
	}
	if f.EndLine >= line {
		region.WithEndLine(f.EndLine)
		if f.EndCol > 0 {
			end := utf16Column(f.File, f.EndLine, f.EndCol, lineText)
			if f.EndLine > line || end >= *region.StartColumn {
				region.WithEndColumn(end)
			}
		}
	}
	return pl.WithRegion(region)
}

var uriEscaper = strings.NewReplacer("%", "%25", " ", "%20", "#", "%23", "?", "%3F")

// fileURI turns a path into a URI reference: relative paths stay
// relative (GitHub resolves them against the checkout), absolute ones
// become file:// URIs.
func fileURI(p string) string {
	slash := filepath.ToSlash(p)
	escape := uriEscaper.Replace
	if filepath.IsAbs(p) {
		if !strings.HasPrefix(slash, "/") {
			slash = "/" + slash // C:/x → /C:/x
		}
		return "file://" + escape(slash)
	}
	return escape(strings.TrimPrefix(slash, "./"))
}

// utf16Column converts a 1-based byte column into a 1-based UTF-16
// column using the line's text; without it, the column is unchanged.
func utf16Column(file string, line, col int, lineText func(string, int) (string, bool)) int {
	if lineText == nil || col <= 1 {
		return max(col, 1)
	}
	text, ok := lineText(file, line)
	if !ok {
		return col
	}
	return UTF16Column(text, col)
}

// UTF16Column converts a 1-based byte column in text into a 1-based
// column counted in UTF-16 code units. Bytes past the end of text count
// one unit each; a column inside a character counts that character.
func UTF16Column(text string, col int) int {
	n := col - 1
	if n <= 0 {
		return 1
	}
	units := 0
	if n > len(text) {
		units += n - len(text)
		n = len(text)
	}
	for i := 0; i < n; {
		r, size := utf8.DecodeRuneInString(text[i:])
		if r == utf8.RuneError && size <= 1 {
			units++
			i++
			continue
		}
		units += utf16.RuneLen(r)
		i += size
	}
	return units + 1
}

// FileLines returns a LineText function that reads files from disk
// (relative paths from dir), caching each file, and serves the lines of
// sources given in extra first (file name → content; "" is the filter of
// `tablelint explain`).
func FileLines(dir string, extra map[string]string) func(file string, line int) (string, bool) {
	cache := map[string][]string{}
	for name, src := range extra {
		cache[name] = strings.Split(src, "\n")
	}
	return func(file string, line int) (string, bool) {
		lines, ok := cache[file]
		if !ok {
			p := file
			if !filepath.IsAbs(p) {
				p = filepath.Join(dir, p)
			}
			lines = readLines(p)
			cache[file] = lines
		}
		if line < 1 || line > len(lines) {
			return "", false
		}
		return strings.TrimSuffix(lines[line-1], "\r"), true
	}
}

// maxSourceSize bounds the files FileLines reads.
const maxSourceSize = 16 << 20

func readLines(path string) []string {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(io.LimitReader(f, maxSourceSize))
	sc.Buffer(make([]byte, 64*1024), maxSourceSize)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}
