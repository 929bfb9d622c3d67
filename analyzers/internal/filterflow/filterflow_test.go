package filterflow_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/filterflow"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/internal/values"
)

func TestSinkFacts(t *testing.T) {
	analysistest.Run(t, sdktest.GOPATH(t, analysistest.TestData()), filterflow.Analyzer, "facts")
}

func TestTemplate(t *testing.T) {
	v := values.Value{Parts: []values.Part{
		{Text: "PartitionKey eq '{x}' and RowKey eq '"},
		{Hole: &values.Hole{Verb: "%06d"}},
		{Text: "' and Name eq '"},
		{Hole: &values.Hole{}},
		{Text: "'"},
	}}
	text, holes := filterflow.Template(v)
	if want := "PartitionKey eq '{{x}' and RowKey eq '{p0:%06d}' and Name eq '{p1}'"; text != want || len(holes) != 2 {
		t.Fatalf("Template = %q, %d holes; want %q, 2", text, len(holes), want)
	}
	f, p, err, ok := filterflow.Parse(v)
	if !ok || err != nil || f == nil {
		t.Fatalf("Parse: ok=%v err=%v", ok, err)
	}
	if p.Kind.String() != "point" {
		t.Errorf("plan = %s, want point", p.Kind)
	}
	// odata keeps a template literal holding only an escaped brace as
	// parts (Parts[0].Text), not as Value.Str.
	if pk := p.PartitionKey; len(pk.Parts) != 1 || pk.Parts[0].Text != "{x}" {
		t.Errorf("partition = %+v, want the text {x}", pk.Parts)
	}
}

// FuzzParse feeds reconstructed filters — text with holes at arbitrary
// places, the holes marked by NUL bytes, with arbitrary verbs — through
// Template and Parse: never a panic, and a parsed filter always plans.
func FuzzParse(f *testing.F) {
	f.Add("PartitionKey eq '\x00' and RowKey eq '\x00'", "%06d")
	f.Add("\x00 and Name eq 'x'", "")
	f.Add("A eq {\x00}", "%s}")
	f.Add("Date ge datetime'\x00'", "%v")
	f.Fuzz(func(t *testing.T, s, verb string) {
		var v values.Value
		for i, piece := range strings.Split(s, "\x00") {
			if i > 0 {
				v.Parts = append(v.Parts, values.Part{Hole: &values.Hole{Verb: verb}})
			}
			if piece != "" {
				v.Parts = append(v.Parts, values.Part{Text: piece})
			}
		}
		text, holes := filterflow.Template(v)
		if len(holes) != strings.Count(s, "\x00") {
			t.Fatalf("Template(%q) has %d holes, want %d", text, len(holes), strings.Count(s, "\x00"))
		}
		f, _, err, ok := filterflow.ParseNoRecover(v)
		if ok && err == nil && f == nil {
			t.Fatalf("Parse(%q): ok without a filter", text)
		}
	})
}

// TestInjectedPanic: a parser panic reaches the fuzz body (which has no
// recover), while Parse, which the analyzers call, turns it into an
// unknown filter.
func TestInjectedPanic(t *testing.T) {
	restore := filterflow.InjectParsePanic()
	defer restore()
	v := values.Value{Parts: []values.Part{{Text: "PartitionKey eq 'a'"}}}
	if _, _, err, ok := filterflow.Parse(v); ok || err == nil || !strings.Contains(err.Error(), "internal error") {
		t.Errorf("Parse with a panicking parser: ok=%v err=%v; want not ok and an internal error", ok, err)
	}
	panicked := func() (p bool) {
		defer func() { p = recover() != nil }()
		filterflow.ParseNoRecover(v)
		return false
	}()
	if !panicked {
		t.Error("the fuzz path hid an injected panic")
	}
}
