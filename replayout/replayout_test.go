package replayout

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/internal/golden"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/tracefmt"
)

// replayFile replays a trace on the reference engine.
func replayFile(t *testing.T, path string, opts replay.Options, eng replay.EngineOptions) *replay.Report {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, err := replay.Run(tracefmt.NewReader(f, filepath.Base(path)), replay.NewEngine(eng), opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

const (
	smallTrace  = "../testdata/traces/small.jsonl"
	cosmosTrace = "../testdata/traces/cosmos.jsonl"
)

// TestReportGolden: the text and JSON reports of the small trace, its
// findings included, as tablelint replay writes them.
func TestReportGolden(t *testing.T) {
	// A target of 5 entities a second makes partition Sales hot.
	rep := replayFile(t, smallTrace, replay.Options{PartitionRate: 5, Results: io.Discard}, replay.EngineOptions{Keys: true})
	summary, queries, partitions := JSON(rep, 10)
	res := report.Result{Findings: rep.Findings("small.jsonl"),
		Extra: []report.Field{{Name: "replay", Value: summary}, {Name: "queries", Value: queries}, {Name: "partitions", Value: partitions}},
		Text:  func(w io.Writer) error { return WriteText(w, rep, 10) }}
	for _, format := range []string{"text", "json"} {
		var out bytes.Buffer
		if err := report.Write(&out, res, report.Options{Format: format}); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", "small."+format), out.Bytes())
	}
}

func TestSVG(t *testing.T) {
	rep := replayFile(t, smallTrace, replay.Options{PartitionRate: 5, Results: io.Discard}, replay.EngineOptions{Keys: true})
	var out bytes.Buffer
	if err := WriteSVG(&out, rep, "small <trace> & co"); err != nil {
		t.Fatal(err)
	}
	// Well-formed XML.
	d := xml.NewDecoder(bytes.NewReader(out.Bytes()))
	for {
		_, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed: %v", err)
		}
	}
	s := out.String()
	for _, want := range []string{"target 5/s", "Employees / Sales", "peak 9/s", "small &lt;trace&gt; &amp; co", "2 partitions are over the target", "#f46d43"} {
		if !strings.Contains(s, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	golden.Check(t, filepath.Join("testdata", "small.svg"), out.Bytes())
}

// TestCosmosReport: on Cosmos DB the heat map says that request units,
// not the partition target, throttle; on Table storage the text report
// has no request units and names 503 Server Busy.
func TestCosmosReport(t *testing.T) {
	c := &replay.CosmosOptions{Mode: "provisioned", RUPerSecond: 5}
	rep := replayFile(t, cosmosTrace, replay.Options{Duration: 2, Cosmos: c, Results: io.Discard}, replay.EngineOptions{Keys: true, Cosmos: true, CosmosSeed: 1})
	var svg bytes.Buffer
	if err := WriteSVG(&svg, rep, "t.jsonl"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg.String(), "Cosmos DB throttles by request units: 3 operations answered 429") || strings.Contains(svg.String(), "over the target") {
		t.Errorf("heat map subtitle: %s", svg.String()[:min(svg.Len(), 600)])
	}

	rep = replayFile(t, cosmosTrace, replay.Options{Duration: 2, Results: io.Discard}, replay.EngineOptions{Keys: true, CosmosSeed: 1})
	var b strings.Builder
	if err := WriteText(&b, rep, 10); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "(503 Server Busy)") || strings.Contains(b.String(), "RU") {
		t.Errorf("report:\n%s", b.String())
	}
}
