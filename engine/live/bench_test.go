package live

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/internal/azuritetest"
	"github.com/tablelint/tablelint/internal/tracefmt"
)

// benchTrace returns a trace of n operations on one table of parts
// partitions: inserts (half), upserts, point gets and partition
// queries, deterministically from seed.
func benchTrace(n, parts int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 1))
	var b bytes.Buffer
	b.WriteString(`{"op":"createTable","table":"Bench"}` + "\n")
	inserted := 0
	for i := 1; i < n-1; i++ {
		p := rng.IntN(parts)
		switch r := rng.IntN(10); {
		case r < 5 || inserted == 0:
			fmt.Fprintf(&b, `{"op":"insert","table":"Bench","entity":{"PartitionKey":"p%02d","RowKey":"%08d","N":%d,"S":"%0100d"}}`+"\n", inserted%parts, inserted, i, i)
			inserted++
		case r < 7:
			k := rng.IntN(inserted)
			fmt.Fprintf(&b, `{"op":"upsert","table":"Bench","entity":{"PartitionKey":"p%02d","RowKey":"%08d","N":%d}}`+"\n", k%parts, k, i)
		case r < 9:
			k := rng.IntN(inserted)
			fmt.Fprintf(&b, `{"op":"get","table":"Bench","pk":"p%02d","rk":"%08d"}`+"\n", k%parts, k)
		default:
			fmt.Fprintf(&b, `{"op":"query","table":"Bench","filter":"PartitionKey eq 'p%02d' and N gt %d","top":100}`+"\n", p, rng.IntN(n))
		}
	}
	b.WriteString(`{"op":"deleteTable","table":"Bench"}` + "\n")
	return b.Bytes()
}

// BenchmarkLiveReplay replays a 2,000-operation trace on Azurite with 1
// and 8 workers, and on the engine; ops/s is the replay's rate.
func BenchmarkLiveReplay(b *testing.B) {
	ep := azuritetest.Endpoint(b)
	tr := benchTrace(2000, 20, 1)
	svc, err := NewClient(ep, "UseDevelopmentStorage=true")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []int{1, 8} {
		b.Run(fmt.Sprintf("azurite/concurrency=%d", c), func(b *testing.B) {
			for b.Loop() {
				rep, err := Run(context.Background(), svc, tracefmt.NewReader(bytes.NewReader(tr), "bench"), Options{Concurrency: c, Scratch: true})
				if err != nil || rep.Statuses[0] != 0 {
					b.Fatal(err, rep.Statuses)
				}
			}
			b.ReportMetric(2000*float64(b.N)/b.Elapsed().Seconds(), "ops/s")
		})
	}
	b.Run("engine", func(b *testing.B) {
		for b.Loop() {
			if _, err := replay.Run(tracefmt.NewReader(bytes.NewReader(tr), "bench"), replay.NewEngine(replay.EngineOptions{}), replay.Options{Duration: 60}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(2000*float64(b.N)/b.Elapsed().Seconds(), "ops/s")
	})
}
