package odata_test

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

var update = flag.Bool("update", false, "rewrite the expectations in testdata/filters/corpus.txt")

const corpusPath = "../testdata/filters/corpus.txt"

// corpusCase is one input of the corpus.
type corpusCase struct {
	line     int    // line of the input in the corpus file
	header   string // the input line as written
	input    string
	template bool
	expected []string // the expectation lines
}

func readCorpus(t testing.TB) (cases []corpusCase, lines []string) {
	t.Helper()
	data, err := os.ReadFile(corpusPath)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		mode, rest, ok := strings.Cut(l, " ")
		if !ok || !strings.HasPrefix(mode, ">") {
			continue
		}
		c := corpusCase{line: i + 1, header: l, input: rest, template: strings.Contains(mode, "t")}
		if strings.Contains(mode, "q") {
			s, err := strconv.Unquote(rest)
			if err != nil {
				t.Fatalf("%s:%d: bad quoted input: %v", corpusPath, i+1, err)
			}
			c.input = s
		}
		for i+1 < len(lines) && lines[i+1] != "" && !strings.HasPrefix(lines[i+1], ">") && !strings.HasPrefix(lines[i+1], "#") {
			i++
			c.expected = append(c.expected, lines[i])
		}
		cases = append(cases, c)
	}
	return cases, lines
}

func parseMode(s string, template bool) (*odata.Filter, error) {
	if template {
		return odata.ParseTemplate(s)
	}
	return odata.Parse(s)
}

// describe returns the expectation lines for an input.
func describe(t *testing.T, s string, template bool) []string {
	f, err := parseMode(s, template)
	if err != nil {
		var e *odata.Error
		if !errors.As(err, &e) {
			t.Fatalf("%q: error is %T, not *odata.Error: %v", s, err, err)
		}
		if e.Rule != "" {
			return []string{e.Rule + ": " + e.Error()}
		}
		return []string{"error: " + e.Error()}
	}
	return []string{"tree: " + odata.Dump(f), "plan: " + plan.Of(f).Kind.String()}
}

func TestCorpus(t *testing.T) {
	cases, lines := readCorpus(t)
	if len(cases) < 300 {
		t.Errorf("corpus has %d cases, want at least 300", len(cases))
	}
	var out []string
	next := 0
	for _, c := range cases {
		got := describe(t, c.input, c.template)
		if *update {
			out = append(out, lines[next:c.line]...)
			out = append(out, got...)
			next = c.line + len(c.expected)
			continue
		}
		if strings.Join(got, "\n") != strings.Join(c.expected, "\n") {
			t.Errorf("%s:%d: %s\n got:\n\t%s\nwant:\n\t%s", corpusPath, c.line, c.header,
				strings.Join(got, "\n\t"), strings.Join(c.expected, "\n\t"))
		}
	}
	if *update {
		out = append(out, lines[next:]...)
		if err := os.WriteFile(corpusPath, []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCorpusRoundTrip checks that the canonical printing of every valid
// corpus filter parses back to the same tree.
func TestCorpusRoundTrip(t *testing.T) {
	cases, _ := readCorpus(t)
	for _, c := range cases {
		f, err := parseMode(c.input, c.template)
		if err != nil {
			continue
		}
		printed := f.String()
		g, err := parseMode(printed, c.template)
		if err != nil {
			t.Errorf("line %d: canonical form %q does not parse: %v", c.line, printed, err)
			continue
		}
		if a, b := odata.Dump(f), odata.Dump(g); a != b {
			t.Errorf("line %d: round trip changed the tree\n in: %s\nout: %s", c.line, a, b)
		}
		if again := g.String(); again != printed {
			t.Errorf("line %d: printing is not stable: %q then %q", c.line, printed, again)
		}
	}
}

// TestCorpusCacheAgrees parses every corpus input with and without the
// shape cache, twice each with the cache (so the second parse is a cache
// hit), and checks that trees, offsets and errors are identical.
func TestCorpusCacheAgrees(t *testing.T) {
	cases, _ := readCorpus(t)
	for _, c := range cases {
		old := odata.SetCache(false)
		want := fingerprint(parseMode(c.input, c.template))
		odata.SetCache(true)
		odata.ClearCache()
		first := fingerprint(parseMode(c.input, c.template))
		second := fingerprint(parseMode(c.input, c.template))
		odata.SetCache(old)
		if first != want || second != want {
			t.Errorf("line %d: cache changes the result\nuncached: %s\n   first: %s\n  second: %s", c.line, want, first, second)
		}
	}
}

// fingerprint renders everything a parse result carries.
func fingerprint(f *odata.Filter, err error) string {
	if err != nil {
		var e *odata.Error
		if errors.As(err, &e) {
			return fmt.Sprintf("error %q off=%d len=%d rule=%s", e.Msg, e.Offset, e.Len, e.Rule)
		}
		return "error " + err.Error()
	}
	var b strings.Builder
	b.WriteString(odata.Dump(f))
	for _, c := range f.Comparisons() {
		fmt.Fprintf(&b, " [%d %d %q %v %v]", c.Offset, c.Value.Offset, c.Value.Raw, c.Value.Value, c.Value.Parts)
	}
	return b.String()
}
