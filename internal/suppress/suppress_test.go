package suppress

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/tablelint/tablelint/internal/finding"
)

func fd(rule, file string, line int) finding.Finding {
	f := finding.New(rule, "msg")
	f.File, f.Line, f.Col = file, line, 1
	return f
}

func itoa2(n int) string { return strconv.Itoa(n) }

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		text    string
		ok      bool
		kind    Kind
		rules   string
		reason  string
		problem string
	}{
		{"tablelint:ignore TL301 admin export", true, Lines, "TL301", "admin export", ""},
		{" tablelint:ignore TL301,or-on-rowkey,TL301 two rules ", true, Lines, "TL301,TL304", "two rules", ""},
		{"tablelint:file-ignore TL303 generated", true, File, "TL303", "generated", ""},
		{"tablelint:ignore TL301", true, Lines, "TL301", "", ""},
		{"tablelint:ignroe TL301 x", true, Lines, "", "", "unknown directive tablelint:ignroe"},
		{"tablelint:ignore", true, Lines, "", "", "needs a rule list"},
		{"tablelint:ignore TL3O1 typo", true, Lines, "", "", `unknown rule "TL3O1"`},
		{"tablelint:", true, Lines, "", "", "empty tablelint: directive"},
		{"lint:ignore SA1000 x", false, 0, "", "", ""},
		{"a comment about tablelint:ignore", false, 0, "", "", ""},
	} {
		d, ok := Parse(tc.text)
		if ok != tc.ok {
			t.Errorf("Parse(%q) ok = %v", tc.text, ok)
			continue
		}
		if !ok {
			continue
		}
		if tc.problem != "" {
			if !strings.Contains(d.Problem, tc.problem) {
				t.Errorf("Parse(%q).Problem = %q, want %q", tc.text, d.Problem, tc.problem)
			}
			continue
		}
		if d.Problem != "" || d.Kind != tc.kind || strings.Join(d.Rules, ",") != tc.rules || d.Reason != tc.reason {
			t.Errorf("Parse(%q) = %+v", tc.text, d)
		}
	}
}

const goSrc = `package p

//tablelint:file-ignore TL303 partition scans are fine in this admin tool

func f() {
	a := 1 //tablelint:ignore TL301 nightly export scans on purpose
	//tablelint:ignore TL304,TL322 the keys are not contiguous
	b := 2
	//tablelint:ignore TL201
	c := 3 // tablelint: with a space is prose, not a directive
	//tablelint:ignore TL323 nothing here matches
	d := 4
	//tablelint:ignroe TL301 typo in the verb
	e := 5
	/* tablelint:ignore TL301 block comments are not directives */
	_, _, _, _, _ = a, b, c, d, e
}
`

func parseGo(t *testing.T) (*token.FileSet, []*ast.File) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p/p.go", goSrc, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	return fset, []*ast.File{f}
}

func TestGo(t *testing.T) {
	fset, files := parseGo(t)
	s := New()
	s.AddGo(fset, files)
	in := []finding.Finding{
		fd("TL303", "p/p.go", 16),  // file-ignore
		fd("TL303", "p/q.go", 16),  // another file: kept
		fd("TL301", "p/p.go", 6),   // same-line directive
		fd("TL301", "p/p.go", 7),   // the line after a trailing directive: covered too
		fd("TL304", "p/p.go", 8),   // line above
		fd("TL301", "p/p.go", 8),   // not in that directive's list: kept
		fd("TL201", "p/p.go", 10),  // reason-less: suppresses nothing
		fd("TL201", "p/p.go", 11),  // two lines below: kept
		fd("TL301", "p/p.go", 14),  // malformed directive above: kept
		fd("TL301", "p/p.go", 16),  // block comment: kept
		fd("TL901", "p/p.go", 9),   // meta findings are never suppressed
		fd("TL301", "./p/p.go", 6), // same file, other spelling
	}
	kept, n := s.Apply(in)
	got := lines(kept)
	want := "p/q.go:16 TL303\np/p.go:8 TL301\np/p.go:10 TL201\np/p.go:11 TL201\np/p.go:14 TL301\np/p.go:16 TL301\np/p.go:9 TL901\n"
	if got != want {
		t.Errorf("kept:\n%s\nwant:\n%s", got, want)
	}
	if n != len(in)-7 {
		t.Errorf("suppressed = %d, want %d", n, len(in)-7)
	}
	probs := s.Problems(nil)
	wantProbs := []string{
		"p/p.go:7:2: TL902 tablelint:ignore TL322 suppresses nothing: no TL322 finding on this line or the next",
		"p/p.go:9:2: TL901 tablelint:ignore TL201 has no reason, so it suppresses nothing",
		"p/p.go:11:2: TL902 tablelint:ignore TL323 suppresses nothing: no TL323 finding on this line or the next",
		"p/p.go:13:2: TL903 unknown directive tablelint:ignroe: want tablelint:ignore or tablelint:file-ignore",
	}
	if g := render(probs); g != strings.Join(wantProbs, "\n")+"\n" {
		t.Errorf("problems:\n%s\nwant:\n%s", g, strings.Join(wantProbs, "\n"))
	}
	// A rule that did not run leaves its directives alone.
	s2 := New()
	s2.AddGo(fset, files)
	s2.Apply(nil)
	for _, p := range s2.Problems(func(id string) bool {
		return id != "TL201" && id != "TL323" && id != "TL322" && id != "TL301" && id != "TL304" && id != "TL303"
	}) {
		if p.Rule == RuleUnused {
			t.Errorf("unused reported for a rule that did not run: %s", p.Message)
		}
	}
}

func render(fs []finding.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.File + ":" + itoa2(f.Line) + ":" + itoa2(f.Col) + ": " + f.Rule + " " + f.Message + "\n")
	}
	return b.String()
}

func lines(fs []finding.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.File + ":" + itoa2(f.Line) + " " + f.Rule + "\n")
	}
	return b.String()
}

const designSrc = `version: 1
tables:
  # tablelint:ignore TL306 legacy filters kept for compatibility
  Employees:
    entities:
      Employee:
        partitionKey: "{Department}"  # tablelint:ignore TL201 sanitised upstream
        rowKey: "{EmployeeId}"
        properties:
          Department: {type: String, maxLength: 32}  # tablelint:ignore TL323
          Notes: |
            free text # tablelint:ignore TL323 not a comment, block scalar text
          Photo:
            type: Binary # tablelint:ignore TL304 thumbnails only
    queries:
      byName: {filter: "LastName eq '# tablelint:ignore TL301 in a string'", rate: 5/s}
      # tablelint:ignore TL301,TL303 reporting query, runs hourly

      byDept: {filter: "Dept eq 'x'"}
      other: {filter: "x"} # tablelint:ignore TL304 stale
  AccessLog: {}
# tablelint:file-ignore TL322 checked by the service tests
`

func TestYAML(t *testing.T) {
	var root yaml.Node
	if err := yaml.Unmarshal([]byte(designSrc), &root); err != nil {
		t.Fatal(err)
	}
	s := New()
	s.AddYAML("d.tablelint.yaml", []byte(designSrc), &root)
	var got []string
	for _, d := range s.Directives() {
		got = append(got, itoa2(d.Line)+":"+itoa2(d.Col)+" "+strings.Join(d.Rules, ",")+" "+itoa2(d.From)+"-"+itoa2(d.To))
	}
	want := []string{
		"3:3 TL306 4-20", // on a line of its own: the whole Employees table
		"7:39 TL201 7-7",
		"10:54 TL323 10-10",
		"14:26 TL304 14-14",
		"17:7 TL301,TL303 19-19", // above byDept, across a blank line
		"20:28 TL304 20-20",
		"22:1 TL322 0-0",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("directives:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	f := "d.tablelint.yaml"
	in := []finding.Finding{
		fd("TL306", f, 4), fd("TL322", f, 21), fd("TL301", f, 16), fd("TL301", f, 19),
		fd("TL303", f, 18), fd("TL201", f, 7), fd("TL323", f, 10), fd("TL323", f, 11),
		fd("TL304", f, 13), fd("TL304", f, 14), fd("TL323", f, 12), fd("TL306", f, 21),
	}
	kept, n := s.Apply(in)
	if g, w := lines(kept), f+":16 TL301\n"+f+":18 TL303\n"+f+":10 TL323\n"+f+":11 TL323\n"+f+":13 TL304\n"+f+":12 TL323\n"+f+":21 TL306\n"; g != w {
		t.Errorf("kept:\n%s\nwant:\n%s", g, w)
	}
	if n != 5 { // the reason-less directive on line 10 suppresses nothing
		t.Errorf("suppressed %d, want 5", n)
	}
	probs := render(s.Problems(nil))
	for _, w := range []string{
		f + ":10:54: TL901 tablelint:ignore TL323 has no reason",
		f + ":17:7: TL902 tablelint:ignore TL303 suppresses nothing: no TL303 finding on line 19",
		f + ":20:28: TL902 tablelint:ignore TL304 suppresses nothing",
	} {
		if !strings.Contains(probs, w) {
			t.Errorf("problems lack %q:\n%s", w, probs)
		}
	}
	if strings.Count(probs, "\n") != 3 {
		t.Errorf("want exactly 3 problems:\n%s", probs)
	}
}

func TestYAMLSpansFromCaller(t *testing.T) {
	src := "a: 1 # tablelint:ignore TL301 r\n# tablelint:ignore TL303 r\nb: 2\n"
	s := New()
	s.AddYAMLSpans("x.yaml", []byte(src), nil, func(line int) (int, int, bool) { return line, line + 5, true })
	ds := s.Directives()
	if len(ds) != 2 || ds[0].From != 1 || ds[0].To != 6 || ds[1].From != 3 || ds[1].To != 8 {
		t.Errorf("directives = %+v %+v", ds[0], ds[1])
	}
}

func FuzzYAML(f *testing.F) {
	f.Add(designSrc)
	f.Add("a: # tablelint:ignore\n- # tablelint:ignore TL301\n")
	f.Fuzz(func(t *testing.T, src string) {
		var root yaml.Node
		if yaml.Unmarshal([]byte(src), &root) != nil {
			return
		}
		s := New()
		s.AddYAML("f.yaml", []byte(src), &root)
		for _, d := range s.Directives() {
			if d.Line < 1 || d.Col < 1 || d.From > d.To {
				t.Fatalf("bad directive %+v", d)
			}
		}
		s.Apply([]finding.Finding{fd("TL301", "f.yaml", 1)})
		s.Problems(nil)
	})
}

func FuzzParse(f *testing.F) {
	f.Add("tablelint:ignore TL301,table-scan reason")
	f.Add("tablelint:file-ignore ,, x")
	f.Fuzz(func(t *testing.T, text string) {
		d, ok := Parse(text)
		if !ok {
			return
		}
		if d.Problem == "" && len(d.Rules) == 0 {
			t.Fatalf("directive %q without rules or problem", text)
		}
	})
}

// TestGoTwice: a file is analysed as part of its package and of the
// package's test variant (check --tests); its directives, and their
// problems, count once.
func TestGoTwice(t *testing.T) {
	fset, files := parseGo(t)
	once := New()
	once.AddGo(fset, files)
	twice := New()
	twice.AddGo(fset, files)
	twice.AddGo(fset, files)
	if len(twice.Directives()) != len(once.Directives()) {
		t.Errorf("%d directives after adding the file twice, want %d", len(twice.Directives()), len(once.Directives()))
	}
	if g, w := render(twice.Problems(nil)), render(once.Problems(nil)); g != w {
		t.Errorf("problems after adding the file twice:\n%s\nwant:\n%s", g, w)
	}
}

// TestProse: "// tablelint:" with a space is prose, not a directive.
func TestProse(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", "package p\n\n// tablelint: explains what tablelint checks here\n// tablelint:ignore TL301 prose too\nvar x int\n", parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	if ds := FileDirectives(fset, f); len(ds) != 0 {
		t.Errorf("prose comments parsed as %d directives", len(ds))
	}
}
