package model_test

import (
	"strings"
	"testing"

	"github.com/tablelint/tablelint/model"
)

const cosmosTable = `
tables:
  Files:
    entities:
      File:
        partitionKey: "{Owner}"
        rowKey: "{Name}"
        properties:
          Owner: {type: String, maxLength: 40}
          Name: {type: String, maxLength: 100}
          Data: {type: Binary, maxBytes: 900000}
`

func TestThroughput(t *testing.T) {
	for _, c := range []struct {
		yaml string
		mode model.ThroughputMode
		ru   int64
	}{
		{"target: cosmos\nthroughput: 400\n", model.Provisioned, 400},
		{"target: cosmos\nthroughput: {provisioned: 1000}\n", model.Provisioned, 1000},
		{"target: cosmos\nthroughput: {autoscale: 4000}\n", model.Autoscale, 4000},
		{"target: cosmos\nthroughput: serverless\n", model.Serverless, 0},
		{"target: cosmos\n", model.NoThroughput, 0},
	} {
		d, err := model.Parse("t.yaml", []byte(c.yaml+cosmosTable))
		if err != nil {
			t.Errorf("%q: %v", c.yaml, err)
			continue
		}
		if d.Throughput.Mode != c.mode || d.Throughput.RUPerSecond != c.ru || (c.mode != model.NoThroughput) != (d.Throughput.Node != nil) {
			t.Errorf("%q: got %v %d", c.yaml, d.Throughput.Mode, d.Throughput.RUPerSecond)
		}
	}
	for _, c := range []struct{ yaml, want string }{
		{"throughput: 400\n", "1:13: throughput applies to target: cosmos"},
		{"throughput: 400\ntarget: storage\n", "1:13: throughput applies to target: cosmos"},
		{"target: cosmos\nthroughput: lots\n", `2:13: throughput "lots": want a number of RU/s, serverless, or {autoscale: N}`},
		{"target: cosmos\nthroughput: 0\n", "2:13: throughput must be at least 1 RU/s"},
		{"target: cosmos\nthroughput: -5\n", "2:13: throughput must not be negative"},
		{"target: cosmos\nthroughput: {autoscale: 1000, provisioned: 400}\n", "2:13: throughput: give one of provisioned or autoscale"},
		{"target: cosmos\nthroughput: {autoscal: 1000}\n", `2:14: unknown field "autoscal" in throughput; did you mean "autoscale"?`},
		{"target: cosmos\nthroughput: {autoscale: 1.5}\n", "2:25: throughput must be a whole number"},
	} {
		_, err := model.Parse("t.yaml", []byte(c.yaml+cosmosTable))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.yaml, err, c.want)
		}
	}
}

// TestSizeOnCosmos: a Binary value counts twice on Cosmos DB, so a
// 900,000-byte maximum is 1.8 MB there and 0.9 MB on Table storage.
func TestSizeOnCosmos(t *testing.T) {
	d, err := model.Parse("t.yaml", []byte("target: cosmos\n"+cosmosTable))
	if err != nil {
		t.Fatal(err)
	}
	e := d.Tables[0].Entities[0]
	st, co := e.Size(), e.SizeOn(model.Cosmos)
	if diff := co.Declared - st.Declared; diff != 900000 {
		t.Errorf("Cosmos DB adds %d bytes, want 900,000 (twice 900,000)", diff)
	}
	if st.Declared > 1<<20 || co.Declared <= 1<<20 {
		t.Errorf("storage %d, cosmos %d", st.Declared, co.Declared)
	}
}
