package replay

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/tablelint/tablelint/internal/tracefmt"
)

// oneByOne hides the reference engine's DoGets: Run then executes every
// get alone, with Do.
type oneByOne struct{ e *RefEngine }

func (o oneByOne) Do(op *tracefmt.Op, out *Outcome) { o.e.Do(op, out) }

// getsTrace is a trace of runs of consecutive gets (of entities that
// exist, were deleted or never written, with keys the service refuses,
// of two tables and of one that does not exist) between writes and
// queries.
func getsTrace(n int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 3))
	var buf bytes.Buffer
	b := bufio.NewWriter(&buf)
	tables := []string{"Alpha", "Beta"}
	for _, tb := range tables {
		fmt.Fprintf(b, `{"op":"createTable","table":%q}`+"\n", tb)
	}
	key := func() (string, string) { return fmt.Sprintf("p%d", rng.IntN(6)), fmt.Sprintf("%04d", rng.IntN(60)) }
	for i := 0; i < n; i++ {
		tb := tables[rng.IntN(len(tables))]
		pk, rk := key()
		switch x := rng.IntN(100); {
		case x < 45:
			fmt.Fprintf(b, `{"op":"upsert","table":%q,"mode":"merge","t":%d,"entity":{"PartitionKey":%q,"RowKey":%q,"N":%d,"S":"%s"}}`+"\n", tb, i/50, pk, rk, i, rk)
		case x < 52:
			fmt.Fprintf(b, `{"op":"delete","table":%q,"pk":%q,"rk":%q}`+"\n", tb, pk, rk)
		case x < 56:
			fmt.Fprintf(b, `{"op":"query","table":%q,"filter":"PartitionKey eq '%s' and RowKey eq '%s'"}`+"\n", tb, pk, rk)
		default:
			// A run of gets, mostly of one table.
			for k := rng.IntN(30); k >= 0; k-- {
				g := tb
				switch y := rng.IntN(50); {
				case y == 0:
					g = "Nowhere"
				case y < 5:
					g = tables[rng.IntN(len(tables))]
				}
				pk, rk := key()
				if rng.IntN(60) == 0 {
					rk = "bad/key"
				}
				fmt.Fprintf(b, `{"op":"get","table":%q,"pk":%q,"rk":%q,"t":%d}`+"\n", g, pk, rk, i/50)
				i++
			}
		}
	}
	b.Flush()
	return buf.Bytes()
}

// TestGetRunsAsOneByOne replays traces whose gets come in runs with the
// reference engine, which reads each run together (DoGets), and with the
// same engine one get at a time: the per-operation results, the reports
// and the findings are the same, on Table storage and on Cosmos DB.
func TestGetRunsAsOneByOne(t *testing.T) {
	for _, cosmos := range []bool{false, true} {
		for seed := range uint64(3) {
			t.Run(fmt.Sprintf("cosmos=%v/seed=%d", cosmos, seed), func(t *testing.T) {
				trace := getsTrace(6000, seed)
				run := func(batched bool) (*Report, []byte) {
					var results bytes.Buffer
					opts := Options{Results: &results}
					if cosmos {
						opts.Cosmos = &CosmosOptions{Mode: "provisioned", RUPerSecond: 400}
					}
					ref := NewEngine(EngineOptions{Keys: true, Cosmos: cosmos, CosmosSeed: 1})
					var eng Engine = oneByOne{ref}
					if batched {
						eng = ref
					}
					rep, err := Run(tracefmt.NewReader(bytes.NewReader(trace), "g.jsonl"), eng, opts)
					if err != nil {
						t.Fatal(err)
					}
					return rep, results.Bytes()
				}
				rep1, res1 := run(false)
				repN, resN := run(true)
				if !bytes.Equal(res1, resN) {
					l1, lN := bytes.Split(res1, []byte("\n")), bytes.Split(resN, []byte("\n"))
					for i := range min(len(l1), len(lN)) {
						if !bytes.Equal(l1[i], lN[i]) {
							t.Fatalf("result line %d:\none by one %s\ntogether   %s", i, l1[i], lN[i])
						}
					}
					t.Fatalf("results differ in length: %d and %d lines", len(l1), len(lN))
				}
				if !reflect.DeepEqual(rep1.Findings("g.jsonl"), repN.Findings("g.jsonl")) {
					t.Errorf("findings differ:\n%v\n%v", rep1.Findings("g.jsonl"), repN.Findings("g.jsonl"))
				}
				rep1.obs, repN.obs = nil, nil // compared through the findings
				if !reflect.DeepEqual(rep1, repN) {
					t.Errorf("reports differ:\n%+v\n%+v", rep1, repN)
				}
				if n := bytes.Count(res1, []byte(`"status":200`)); n < 1000 {
					t.Errorf("%d operations answered 200: the trace should find many entities", n)
				}
			})
		}
	}
}
