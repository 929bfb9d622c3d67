package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
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
// text and Markdown, helpUri, default level; security-severity and tags
// for the security rules), and every result has a ruleId, ruleIndex,
// level, message, a partial fingerprint that survives lines moving
// (FingerprintKey), and a location with a URI and a region with start
// and end whose columns are UTF-16 code units (the SARIF default
// columnKind) and whose relative URI is based on SRCROOT, the working
// directory (originalUriBaseIds). The run's automationDetails.id names
// the command, so code scanning keeps each command's results as a
// category of its own. Suppressed findings are results with an
// in-source suppression. The invocation says whether every input could
// be checked, with a toolExecutionNotification for each one that could
// not: the log is a valid document whatever went wrong with the inputs.
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
	if opt.Command != "" {
		run.WithAutomationDetails(sarif.NewRunAutomationDetails().WithID(AutomationID(opt.Command)))
	}
	run.WithColumnKind("utf16CodeUnits")
	if opt.BaseDir != "" {
		run.WithOriginalUriBaseIds(map[string]*sarif.ArtifactLocation{
			srcRoot: sarif.NewSimpleArtifactLocation(dirURI(opt.BaseDir)),
		})
	}

	index := map[string]uint{}
	for _, f := range append(slices.Clip(r.Findings), r.SuppressedFindings...) {
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

	// A filter given on the command line is an artifact of the run,
	// with its text: locations in it name the artifact.
	filterArtifact := false
	locate := func(f finding.Finding) *sarif.PhysicalLocation {
		if f.File == "" && !filterArtifact {
			filterArtifact = true
			art := run.AddArtifact().WithLocation(sarif.NewSimpleArtifactLocation(filterURI)).
				WithDescription(sarif.NewTextMessage(filterDescription))
			if text, ok := wholeText(opt.LineText, ""); ok {
				art.WithContents(sarif.NewArtifactContent().WithText(text))
			}
		}
		return physicalLocation(f, opt.LineText)
	}

	fingerprints := newFingerprinter(opt.LineText)
	addResult := func(f finding.Finding, suppressed bool) {
		res := sarif.NewRuleResult(f.Rule).WithLevel(sarifLevel(f.Severity))
		if i, ok := index[f.Rule]; ok {
			res.WithRuleIndex(int(i))
		}
		msg := f.Message
		if h := hint(f); h != "" {
			msg += "\nhint: " + h
		}
		res.WithMessage(sarif.NewTextMessage(msg))
		res.AddLocation(sarif.NewLocationWithPhysicalLocation(locate(f)))
		res.PartialFingerprints = map[string]any{FingerprintKey: fingerprints.next(f)}
		if suppressed {
			res.Suppressions = []*sarif.Suppression{sarif.NewSuppression("inSource").WithStatus("accepted")}
		}
		run.AddResult(res)
	}
	for _, f := range r.Findings {
		addResult(f, false)
	}
	suppressed := slices.Clone(r.SuppressedFindings)
	finding.Sort(suppressed)
	for _, f := range suppressed {
		addResult(f, true)
	}

	inv := sarif.NewInvocation().WithExecutionSuccess(len(r.Errors) == 0)
	if len(opt.CommandLine) > 0 {
		inv.WithArguments(opt.CommandLine)
	}
	if opt.BaseDir != "" {
		inv.WithWorkingDirectory(sarif.NewSimpleArtifactLocation(dirURI(opt.BaseDir)))
	}
	for _, e := range r.Errors {
		n := sarif.NewNotification().WithLevel("error").WithTextMessage(e.Message)
		if e.File != "" || e.Line > 0 {
			f := finding.Finding{File: e.File, Line: e.Line, Col: e.Col}
			n.AddLocation(sarif.NewLocationWithPhysicalLocation(locate(f)))
		}
		inv.AddTToolExecutionNotification(n)
	}
	run.AddInvocations(inv)
	log.AddRun(run)

	var buf bytes.Buffer
	if err := log.PrettyWrite(&buf); err != nil {
		return err
	}
	out, err := dropNulls(buf.Bytes())
	if err != nil {
		return err
	}
	_, err = w.Write(out)
	return err
}

// AutomationID returns the SARIF automationDetails.id of a command's
// run, "tablelint/check/": code scanning takes the part before the last
// slash as the run's category, so the runs of check and review uploaded
// from one workflow are told apart.
func AutomationID(command string) string { return "tablelint/" + command + "/" }

// The artifact a filter given on the command line (explain) is: "<filter>",
// as text output names it, percent-encoded into a relative URI.
const (
	filterURI         = "%3Cfilter%3E"
	filterDescription = "the $filter given on the command line"
)

// wholeText returns every line of file that lineText serves, joined.
func wholeText(lineText func(string, int) (string, bool), file string) (string, bool) {
	if lineText == nil {
		return "", false
	}
	var lines []string
	for n := 1; ; n++ {
		text, ok := lineText(file, n)
		if !ok {
			break
		}
		lines = append(lines, text)
	}
	return strings.Join(lines, "\n"), len(lines) > 0
}

// FingerprintKey names tablelint's partial fingerprint in SARIF results.
// Code scanning matches a result with the alert of an earlier run by its
// partial fingerprints: the value hashes the rule, the file, the text of
// the finding's line with its spacing normalised, and the message with
// its numbers blanked out (a message may name a line), plus how many
// earlier results of the run had the same hash. Lines moving up or down
// change none of these, so the alert survives an edit above it.
const FingerprintKey = "tablelintFindingHash/v1"

// fingerprinter computes the partial fingerprints of a run's results.
type fingerprinter struct {
	lineText func(string, int) (string, bool)
	seen     map[string]int
}

func newFingerprinter(lineText func(string, int) (string, bool)) *fingerprinter {
	return &fingerprinter{lineText: lineText, seen: map[string]int{}}
}

// next returns f's fingerprint: "hash:n" with n the occurrence of the
// hash in the run so far.
func (fp *fingerprinter) next(f finding.Finding) string {
	line := ""
	if fp.lineText != nil {
		if text, ok := fp.lineText(f.File, max(f.Line, 1)); ok {
			line = strings.Join(strings.Fields(text), " ")
		}
	}
	h := sha256.New()
	for _, part := range []string{f.Rule, filepath.ToSlash(f.File), line, digits.ReplaceAllString(f.Message, "0")} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	sum := hex.EncodeToString(h.Sum(nil))[:32]
	n := fp.seen[sum]
	fp.seen[sum] = n + 1
	return fmt.Sprintf("%s:%d", sum, n+1)
}

// digits matches a run of decimal digits.
var digits = regexp.MustCompile(`[0-9]+`)

// srcRoot is the uriBaseId of relative locations: the working directory.
const srcRoot = "SRCROOT"

// dirURI returns the file: URI of a directory, ending in a slash.
func dirURI(dir string) string {
	u := fileURI(dir)
	if !strings.HasSuffix(u, "/") {
		u += "/"
	}
	return u
}

// dropNulls removes the null members the SARIF library writes for unset
// optional fields (the schema allows absent members, not nulls),
// keeping the members' order.
func dropNulls(doc []byte) ([]byte, error) {
	var v orderedValue
	if err := json.Unmarshal(doc, &v); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	v.write(&b, "")
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// orderedValue is a JSON value whose objects keep their members' order.
type orderedValue struct {
	object            []orderedMember // an object, when isObject
	array             []orderedValue  // an array, when isArray
	literal           json.RawMessage // anything else
	isObject, isArray bool
}

type orderedMember struct {
	key   string
	value orderedValue
}

func (v *orderedValue) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	switch {
	case len(data) > 0 && data[0] == '{':
		v.isObject = true
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		if _, err := dec.Token(); err != nil {
			return err
		}
		for dec.More() {
			t, err := dec.Token()
			if err != nil {
				return err
			}
			var m orderedMember
			m.key, _ = t.(string)
			if err := dec.Decode(&m.value); err != nil {
				return err
			}
			v.object = append(v.object, m)
		}
		return nil
	case len(data) > 0 && data[0] == '[':
		v.isArray = true
		return json.Unmarshal(data, &v.array)
	}
	v.literal = slices.Clone(data)
	return nil
}

func (v *orderedValue) isNull() bool {
	return !v.isObject && !v.isArray && string(v.literal) == "null"
}

func (v *orderedValue) write(b *bytes.Buffer, indent string) {
	inner := indent + "  "
	switch {
	case v.isObject:
		var kept []orderedMember
		for _, m := range v.object {
			if !m.value.isNull() {
				kept = append(kept, m)
			}
		}
		if len(kept) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, m := range kept {
			key, _ := json.Marshal(m.key)
			b.WriteString(inner)
			b.Write(key)
			b.WriteString(": ")
			m.value.write(b, inner)
			if i < len(kept)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "}")
	case v.isArray:
		if len(v.array) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i := range v.array {
			b.WriteString(inner)
			v.array[i].write(b, inner)
			if i < len(v.array)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "]")
	default:
		b.Write(v.literal)
	}
}

func sortRules(rs []*sarif.ReportingDescriptor) {
	slices.SortFunc(rs, func(a, b *sarif.ReportingDescriptor) int { return strings.Compare(a.ID, b.ID) })
}

func sarifRule(r *rules.Rule) *sarif.ReportingDescriptor {
	help := sarif.NewMultiformatMessageString(r.Text(80)).WithMarkdown(r.Markdown())
	full := FullDescription(r.Rationale)
	return sarif.NewRule(r.ID).
		WithName(r.Name).
		WithShortDescription(sarif.NewMultiformatMessageString(r.Title)).
		WithFullDescription(sarif.NewMultiformatMessageString(full).WithMarkdown(full)).
		WithHelp(help).
		WithHelpURI(r.DocURL()).
		WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(sarifLevel(r.Severity))).
		WithProperties(ruleProperties(r))
}

// MaxFullDescription is the longest fullDescription GitHub code scanning
// accepts, in characters; the whole documentation goes to help.
const MaxFullDescription = 1024

// FullDescription returns a rule's SARIF fullDescription: the first
// paragraph of its rationale, cut after the last whole sentence that
// fits in MaxFullDescription characters (a word boundary and "…" when
// not even one does).
func FullDescription(rationale string) string {
	text := strings.TrimSpace(rationale)
	if i := strings.Index(text, "\n\n"); i >= 0 {
		text = text[:i]
	}
	if utf8.RuneCountInString(text) <= MaxFullDescription {
		return text
	}
	// The byte offset just past the first MaxFullDescription-1 runes
	// (leaving room for "…").
	limit := len(text)
	n := 0
	for i := range text {
		if n == MaxFullDescription-1 {
			limit = i
			break
		}
		n++
	}
	head := text[:limit]
	if i := strings.LastIndex(head, ". "); i > 0 {
		return head[:i+1]
	}
	if i := strings.LastIndexByte(head, ' '); i > 0 {
		head = head[:i]
	}
	return head + "…"
}

// ruleProperties returns a rule's SARIF properties: for a security rule,
// security-severity (code scanning ranks alerts by it), the "security"
// and CWE tags (code scanning lists the alerts as security alerts) and
// precision; nil for other rules.
func ruleProperties(r *rules.Rule) sarif.Properties {
	if r.Security == nil {
		return nil
	}
	return sarif.Properties{"security-severity": r.Security.Severity, "tags": r.Security.Tags(), "precision": "high"}
}

// physicalLocation returns the finding's place: a relative URI with
// forward slashes (absolute paths become file: URIs; the filter of
// explain is the "<filter>" artifact), and a region with UTF-16 columns
// that always has an end: a finding without one ends at the end of its
// line (when the line's text is known) or covers its line.
func physicalLocation(f finding.Finding, lineText func(string, int) (string, bool)) *sarif.PhysicalLocation {
	loc := sarif.NewArtifactLocation()
	switch {
	case f.File == "":
		loc.WithUri(filterURI).WithIndex(0).WithDescription(sarif.NewTextMessage(filterDescription))
	case filepath.IsAbs(f.File):
		loc.WithUri(fileURI(f.File))
	default:
		loc.WithUri(fileURI(f.File)).WithUriBaseId(srcRoot)
	}
	pl := sarif.NewPhysicalLocation().WithArtifactLocation(loc)
	line := max(f.Line, 1)
	region := sarif.NewRegion().WithStartLine(line)
	start := 1
	if f.Col > 0 {
		start = utf16Column(f.File, line, f.Col, lineText)
		region.WithStartColumn(start)
	}
	switch {
	case f.EndLine > line:
		region.WithEndLine(f.EndLine)
		if f.EndCol > 0 {
			region.WithEndColumn(utf16Column(f.File, f.EndLine, f.EndCol, lineText))
		}
	case f.EndLine == line && f.EndCol > 0 && utf16Column(f.File, line, f.EndCol, lineText) >= start:
		region.WithEndLine(line).WithEndColumn(utf16Column(f.File, line, f.EndCol, lineText))
	default:
		// No end known: to the end of the line.
		region.WithEndLine(line)
		if text, ok := lineText0(lineText, f.File, line); ok {
			end := UTF16Column(text, len(text)+1)
			if f.Col > 0 && end < start {
				end = start
			}
			region.WithEndColumn(end)
		}
	}
	return pl.WithRegion(region)
}

// lineText0 calls lineText when there is one.
func lineText0(lineText func(string, int) (string, bool), file string, line int) (string, bool) {
	if lineText == nil {
		return "", false
	}
	return lineText(file, line)
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

// SourceLines returns a LineText function that serves the lines of the
// sources given (file name → content; "" is the filter of `tablelint
// explain`). It never reads a file: columns are converted from content
// the command already read, so a path that analysed code names (a //line
// directive) or a FIFO is never opened. Files it does not know keep
// their byte columns.
func SourceLines(sources map[string]string) func(file string, line int) (string, bool) {
	cache := map[string][]string{}
	return func(file string, line int) (string, bool) {
		lines, ok := cache[file]
		if !ok {
			src, known := sources[file]
			if !known {
				return "", false
			}
			lines = strings.Split(src, "\n")
			cache[file] = lines
		}
		if line < 1 || line > len(lines) {
			return "", false
		}
		return strings.TrimSuffix(lines[line-1], "\r"), true
	}
}
