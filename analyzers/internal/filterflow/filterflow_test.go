package filterflow_test

import (
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
