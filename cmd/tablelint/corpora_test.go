package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// queryRules are the query-side rules the real-code corpus is labelled
// for; write-side findings are measured elsewhere.
var queryRules = map[string]bool{
	"TL301": true, "TL303": true, "TL304": true, "TL306": true,
	"TL307": true, "TL308": true, "TL321": true, "TL322": true,
}

// TestRealCodeRecall runs check over testdata/query-shapes (shapes of public
// code using Azure Tables, rewritten) and measures recall and precision
// against testdata/query-shapes/labels.txt. Info findings (TL303 partition
// scans) are advice and not counted; a labelled silent spot must have no
// other query-side finding.
func TestRealCodeRecall(t *testing.T) {
	right, expected, found := measureCorpus(t, "query-shapes", queryRules, false, 25, 10)
	// Thresholds set from the measurement (100 % and 100 % when written).
	checkRates(t, right, expected, found, 0.95, 0.95)
}

// corpus2Rules are the five kinds of mistake the held-out set is labelled
// for: table scans, filter injection, first-page-only reads, time-based
// PartitionKeys and oversized properties.
var corpus2Rules = map[string]bool{
	"TL301": true, "TL307": true, "TL308": true, "TL321": true,
	"TL209": true, "TL121": true, "TL122": true, "TL123": true,
}

// TestRealCode2Recall measures check over testdata/five-mistakes, a second
// corpus of public-code shapes built without looking at the analyzers'
// testdata, labelled for the five kinds of mistake in corpus2Rules.
func TestRealCode2Recall(t *testing.T) {
	right, expected, found := measureCorpus(t, "five-mistakes", corpus2Rules, false, 40, 12)
	// Thresholds set from the measurement (49/50 and 49/49 when written;
	// the miss is documented in docs/analyzers.md).
	checkRates(t, right, expected, found, 0.95, 0.95)
}

// corpus3Rules are the write-side rules testdata/write-side is labelled
// for. Several of them are info findings (TL406, TL412, TL415, TL602,
// TL129), so the measurement counts info findings.
var corpus3Rules = map[string]bool{
	"TL414": true, "TL411": true, "TL412": true, "TL404": true, "TL406": true,
	"TL408": true, "TL409": true, "TL415": true, "TL416": true, "TL201": true,
	"TL124": true, "TL125": true, "TL126": true, "TL128": true,
	"TL129": true, "TL110": true, "TL111": true, "TL112": true, "TL113": true,
	"TL114": true, "TL115": true, "TL601": true, "TL602": true, "TL104": true,
	"TL309": true, "TL209": true, "TL204": true, "TL205": true, "TL401": true,
	"TL403": true, "TL101": true, "TL102": true, "TL120": true, "TL121": true,
	"TL122": true, "TL123": true,
}

// TestRealCode3Recall measures check over testdata/write-side, a corpus of
// public-code shapes that write to tables, labelled without looking at
// the analyzers (labels.txt, generated from the // L: and // S markers;
// see TestRealCode3Labels).
func TestRealCode3Recall(t *testing.T) {
	right, expected, found := measureCorpus(t, "write-side", corpus3Rules, true, 40, 20)
	// Thresholds set from the measurement, a floor that fails if either
	// drops: 30/55 and 30/31 when the corpus was written; 48/54 and 48/48
	// once the write-side rules (TL124, TL125, TL129, TL313, TL406, TL409,
	// TL415, the legacy API) and the fixes it prompted had landed. Of the 6
	// misses, 4 are shapes not followed (TL411 ×2: two functions replacing
	// one row with different properties; TL129 on pointers that may be nil;
	// TL406 with the partition known only to the caller) and 2 are
	// documented as silent (docs/benchmarks.md lists them).
	checkRates(t, right, expected, found, 0.88, 0.99)
}

var updateLabels = flag.Bool("update-labels", false, "rewrite the labels.txt of testdata/write-side, read-write, read-write-quick and heldout-valueflow from the markers in their code")

// labelMarker matches a trailing "// L: TL123 TL456" (expected findings)
// or "// S" (a spot that must stay silent).
var labelMarker = regexp.MustCompile(`//\s*(?:L:((?:\s+TL\d{3})+)|(S))\s*$`)

// corpusLabels reads the markers of the Go files under dir and returns
// labels.txt's lines: "file:line RULE" per expected finding and
// "file:line silent" per silent spot, sorted by file and line.
func corpusLabels(t *testing.T, dir string) []string {
	t.Helper()
	type label struct {
		file string
		line int
		text string
	}
	var labels []label
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), "_") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			m := labelMarker.FindStringSubmatch(line)
			switch {
			case m == nil:
			case m[2] == "S":
				labels = append(labels, label{filepath.ToSlash(rel), i + 1, "silent"})
			default:
				for _, rule := range strings.Fields(m[1]) {
					labels = append(labels, label{filepath.ToSlash(rel), i + 1, rule})
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.SliceStable(labels, func(i, j int) bool {
		if labels[i].file != labels[j].file {
			return labels[i].file < labels[j].file
		}
		return labels[i].line < labels[j].line
	})
	out := make([]string, len(labels))
	for i, l := range labels {
		out[i] = fmt.Sprintf("%s:%d %s", l.file, l.line, l.text)
	}
	return out
}

const corpus3Header = `# A finding about a value (a key, a property, a struct field, an option)
# is placed on the line of that value; one about a request (read-modify-
# write, replace, update, transaction, move, worker step) on the line of
# the call that makes the mistake (for TL408 the write to the other table;
# for TL404 the second action). An account key is placed on the call that
# builds the client; an over-broad SAS counts once for its permissions and
# once for its lifetime, on the permissions (or the literal) and the expiry.
`

// TestRealCode3Labels checks that write-side's labels.txt is what the
// markers say.
func TestRealCode3Labels(t *testing.T) {
	checkCorpusLabelsAs(t, "write-side", "TestRealCode3Labels", corpus3Header)
}

// checkCorpusLabelsAs checks that testdata/<name>/labels.txt is the
// common preamble, header (where the corpus places its labels) and what
// the markers of its code say (rewriting it first with -update-labels);
// test is the corpus's labels test, the one the preamble tells the
// reader to run.
func checkCorpusLabelsAs(t *testing.T, name, test, header string) {
	t.Helper()
	dir := filepath.Join("..", "..", "testdata", name)
	want := "# Generated from the // L: (expected) and // S (must stay silent) markers in\n" +
		"# the code: go test ./cmd/tablelint -run " + test + " -update-labels\n" +
		"# file:line RULE, one line per expected finding; file:line silent.\n" +
		header + strings.Join(corpusLabels(t, dir), "\n") + "\n"
	path := filepath.Join(dir, "labels.txt")
	if *updateLabels {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s is not what the markers say; run with -update-labels", path)
	}
}

func checkRates(t *testing.T, right, expected, found int, minRecall, minPrecision float64) {
	t.Helper()
	recall := float64(right) / float64(expected)
	precision := 1.0
	if found > 0 {
		precision = float64(right) / float64(found)
	}
	t.Logf("recall %d/%d = %.1f%%, precision %d/%d = %.1f%%", right, expected, 100*recall, right, found, 100*precision)
	if recall < minRecall || precision < minPrecision {
		t.Errorf("recall %.1f%% below %.0f%% or precision %.1f%% below %.0f%%", 100*recall, 100*minRecall, 100*precision, 100*minPrecision)
	}
}

// measureCorpus runs check over testdata/<name> and compares the findings
// of the given rules with <name>/labels.txt (`file:line RULE` per expected
// finding, `file:line silent` per spot that must have none). It returns
// the findings that match a label, the labels, and the findings counted.
// Info findings are counted only when countInfo is set (for corpora that
// label info rules). It fails when the corpus has fewer than minExpected
// labels or minSilent silent spots.
func measureCorpus(t *testing.T, name string, rules map[string]bool, countInfo bool, minExpected, minSilent int) (right, expected, found int) {
	t.Helper()
	return measureCorpusKnown(t, name, rules, countInfo, minExpected, minSilent, nil)
}

// measureCorpusKnown is measureCorpus for a corpus with false positives
// at silent spots that its first measurement found and that are not yet
// fixed: known holds them ("file:line RULE"); they count against
// precision and are logged, and any other finding at a silent spot fails.
func measureCorpusKnown(t *testing.T, name string, rules map[string]bool, countInfo bool, minExpected, minSilent int, known map[string]bool) (right, expected, found int) {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "labels.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]int{} // "file:line RULE" -> count
	silent := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		place, rule, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("bad label line %q", line)
		}
		if rule == "silent" {
			silent[place] = true
			continue
		}
		if !rules[rule] {
			t.Errorf("label %s %s: the rule set leaves %s out, so it could never be found", place, rule, rule)
		}
		want[place+" "+rule]++
		expected++
	}
	if expected < minExpected || len(silent) < minSilent {
		t.Fatalf("labels.txt has %d expected findings and %d silent spots; the corpus is missing", expected, len(silent))
	}

	code, out, errs := runIn(t, dir, "check", "--format", "json", "./...")
	if code != 1 {
		t.Fatalf("exit %d; stderr: %s", code, errs)
	}
	var doc struct {
		Findings []struct {
			Rule, Severity, File, Message string
			Line                          int
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	for _, fd := range doc.Findings {
		if !rules[fd.Rule] || (fd.Severity == "info" && !countInfo) {
			continue
		}
		place := filepath.ToSlash(fd.File) + ":" + itoa(fd.Line)
		if silent[place] {
			if known[place+" "+fd.Rule] {
				t.Logf("known false positive at a silent spot: %s %s %s", place, fd.Rule, fd.Message)
			} else {
				t.Errorf("false positive at a silent spot: %s %s %s", place, fd.Rule, fd.Message)
			}
		}
		found++
		if k := place + " " + fd.Rule; want[k] > 0 {
			want[k]--
			right++
		} else {
			t.Logf("unlabelled finding: %s %s %s", place, fd.Rule, fd.Message)
		}
	}
	for k, n := range want {
		for ; n > 0; n-- {
			t.Logf("missed: %s", k)
		}
	}
	return right, expected, found
}

// corpus4Rules are the rules testdata/read-write is labelled for: the
// query rules and the write rules. Several are info findings (TL303,
// TL312, TL313, TL320, TL406, TL412, TL415, TL602), so the measurement
// counts info findings.
var corpus4Rules = map[string]bool{
	"TL301": true, "TL303": true, "TL304": true, "TL306": true, "TL307": true,
	"TL308": true, "TL309": true, "TL312": true, "TL313": true, "TL320": true,
	"TL321": true, "TL322": true,
	"TL101": true, "TL102": true, "TL104": true, "TL110": true, "TL111": true,
	"TL112": true, "TL113": true, "TL114": true, "TL115": true, "TL120": true,
	"TL121": true, "TL122": true, "TL123": true, "TL124": true, "TL125": true,
	"TL126": true, "TL128": true, "TL129": true, "TL201": true, "TL204": true,
	"TL205": true, "TL209": true, "TL401": true, "TL403": true, "TL404": true,
	"TL406": true, "TL408": true, "TL409": true, "TL411": true, "TL412": true,
	"TL414": true, "TL415": true, "TL416": true, "TL601": true, "TL602": true,
}

const corpus4Header = `# Labelled from the service's documented behaviour and the rule docs, not
# from the analyzers (their source and testdata were not read). A query
# finding is placed on the line of the call that runs the query (the
# pager, QueryEntities, or the caller's call of a helper or interface
# method given the filter or options); TL321 on the line where the value
# enters the quoted literal; TL307 on the line that reads the one page;
# TL308 on the short-page test; TL312 on the line that keeps the tail or
# sorts. A finding about a value (a key, a property, a struct field, an
# option) is placed on the line of that value; one about a request on the
# line of the call that makes the mistake (TL408: the write to the other
# table; TL404 and TL403: the second action; TL401: the submit). An
# account key is placed on the call that takes it; an over-broad SAS
# counts once for its permissions and once for its lifetime.
`

// TestRealCode4Recall measures check over testdata/read-write, a corpus of
// public-code shapes that read and write tables, labelled without reading
// the analyzers (labels.txt, generated from the // L: and // S markers;
// see TestRealCode4Labels). Info findings count.
func TestRealCode4Recall(t *testing.T) {
	right, expected, found := measureCorpus(t, "read-write", corpus4Rules, true, 60, 55)
	// Floors from the measurement, so that a drop in either fails: on main
	// at 6465f45, 60/69 and 60/64 with the labels as first committed;
	// 62/69 (89.9 %) and 62/64 (96.9 %) once two labels were moved to
	// where the rule docs place the finding (TL123 at the helper's
	// property, an over-broad SAS at the call taking the permissions).
	// Then 65/70 (92.9 %) and 65/65 after interface methods were matched
	// without their parameter names, a strings.Join under a len(v) > 0
	// guard was no longer taken for a possibly empty filter, and the
	// partition scan of searchapi (venue and date given) was labelled
	// TL303, as the corpus builder judged it; 66/70 once a read's bytes
	// written as they are counted for TL408; 67/70 once helpers returning
	// a whole TransactionAction were followed for TL403 (its label moved
	// to the transaction, where helper-built keys are reported); 68/70
	// once a per-partition loop's value was followed through an escaping
	// helper (TL320); 69/70 once a sort followed by reading fixed
	// elements (rows[0]) counted for TL312; 70/70 once closures returned
	// by a factory function were followed (TL321).
	checkRates(t, right, expected, found, 0.99, 0.99)
}

// TestRealCode4Labels checks that read-write's labels.txt is what the
// markers say.
func TestRealCode4Labels(t *testing.T) {
	checkCorpusLabelsAs(t, "read-write", "TestRealCode4Labels", corpus4Header)
}

// corpus5Header heads testdata/read-write-quick/labels.txt. Its labels are
// placed as read-write's are.
const corpus5Header = `# Labelled from the service's documented behaviour and the rule docs, not
# from the analyzers (their source and testdata were not read). A query
# finding is placed on the line of the call that runs the query (the
# pager, QueryEntities, or the caller's call of a helper or interface
# method given the filter or options); TL321 on the line where the value
# enters the quoted literal, once per value; TL307 on the line that reads
# the one page (for the legacy API, the QueryEntities call); TL308 on the
# short-page test; TL312 on the line that keeps the tail. A finding about a
# value (a key, a property, a struct field, an option, a table name) is
# placed on the line of that value; one about a request on the line of the
# call that makes the mistake (TL408: the write to the other table; TL404
# and TL406: the second write; TL401 and TL403: the submit). An account
# key is placed on the call that takes it; an over-broad SAS counts once
# for its permissions and once for its lifetime.
`

// TestRealCode5Labels checks that read-write-quick's labels.txt is what the
// markers say.
func TestRealCode5Labels(t *testing.T) {
	checkCorpusLabelsAs(t, "read-write-quick", "TestRealCode5Labels", corpus5Header)
}

// TestRealCode5Recall measures check over testdata/read-write-quick, a corpus of
// public-code shapes that read and write tables, labelled without reading
// the analyzers (labels.txt, generated from the // L: and // S markers;
// see TestRealCode5Labels). Info findings count; the rules are read-write's.
func TestRealCode5Recall(t *testing.T) {
	right, expected, found := measureCorpus(t, "read-write-quick", corpus4Rules, true, 60, 50)
	// Floors from the measurement on main at 225bfae, so that a drop in
	// either fails. As first committed (c3b00b3): 55/65 (84.6 %) and 55/61
	// (90.2 %). Then, with no analyzer change: four labels moved to where
	// the rule docs and read-write place the finding (a legacy query's
	// TL301/TL303 on its QueryOptions literal, an over-broad SAS on the
	// call taking it), and two must-stay-silent spots relabelled as
	// findings the rule docs describe (a MaxInt64-UnixNano RowKey with %d:
	// TL205's doc asks for %019d; an audit upsert per message of a loop
	// into one partition: TL406). That gives 61/67 (91.0 %) and 61/61.
	// Then 62/66 (93.9 %) and 62/62: toplimit follows the package's own
	// pointer helper (func ptr[T any](v T) *T), and a zero EDMDateTime in
	// a plain struct was relabelled silent (it is sent as a String); 63/66
	// once an action helper given the whole entity was followed to the
	// caller's keys (TL403, reported at the second PartitionKey as for
	// actions built in place; the label moved there); 64/66 once
	// strings.Join of RowKey terms a loop appends shows its or (TL304);
	// 65/66 once a client from a package accessor names its table (TL406).
	// The misses are listed in docs/benchmarks.md.
	checkRates(t, right, expected, found, 0.98, 0.99)
}
