package replay

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/tablelint/tablelint/internal/tracefmt"
)

// benchTrace writes a trace of n operations on one table: about 40%
// inserts, 20% upserts, 20% gets, 15% point queries and 5% RowKey range
// queries over `parts` partitions, with every filter a distinct string
// (literals vary), deterministic from seed. Operations carry no time.
func benchTrace(n, parts int, seed uint64) []byte {
	var b bytes.Buffer
	_ = streamBenchTrace(&b, n, parts, seed)
	return b.Bytes()
}

// streamBenchTrace writes the trace benchTrace returns to w.
func streamBenchTrace(w io.Writer, n, parts int, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 1))
	b := bufio.NewWriterSize(w, 1<<20)
	b.WriteString(`{"op":"createTable","table":"Bench"}` + "\n")
	inserted := make([]int, parts)
	for i := 1; i < n; i++ {
		p := rng.IntN(parts)
		pk := "p" + strconv.Itoa(p)
		x := rng.IntN(100)
		switch {
		case x < 40 || inserted[p] == 0:
			rk := fmt.Sprintf("%08d", inserted[p])
			inserted[p]++
			fmt.Fprintf(b, `{"op":"insert","table":"Bench","entity":{"PartitionKey":%q,"RowKey":%q,"Amount":%d,"Big":"%d","Big@odata.type":"Edm.Int64","Name":"name %d"}}`+"\n",
				pk, rk, rng.IntN(1000), rng.Int64(), i)
		case x < 60:
			rk := fmt.Sprintf("%08d", rng.IntN(inserted[p]))
			fmt.Fprintf(b, `{"op":"upsert","table":"Bench","mode":"merge","entity":{"PartitionKey":%q,"RowKey":%q,"Amount":%d}}`+"\n", pk, rk, rng.IntN(1000))
		case x < 80:
			rk := fmt.Sprintf("%08d", rng.IntN(inserted[p]+1))
			fmt.Fprintf(b, `{"op":"get","table":"Bench","pk":%q,"rk":%q}`+"\n", pk, rk)
		case x < 95:
			rk := fmt.Sprintf("%08d", rng.IntN(inserted[p]+1))
			fmt.Fprintf(b, `{"op":"query","table":"Bench","filter":"PartitionKey eq '%s' and RowKey eq '%s'"}`+"\n", pk, rk)
		default:
			lo := rng.IntN(inserted[p] + 1)
			fmt.Fprintf(b, `{"op":"query","table":"Bench","filter":"PartitionKey eq '%s' and RowKey ge '%08d' and RowKey lt '%08d' and Amount ge %d","top":100}`+"\n",
				pk, lo, lo+10, rng.IntN(500))
		}
	}
	return b.Flush()
}

// BenchmarkReplay10k replays the 10,000-operation trace that
// TestAzuriteReplay sends to Azurite, on the reference engine.
func BenchmarkReplay10k(b *testing.B) {
	trace := benchTrace(10_000, 50, 2)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(tracefmt.NewReader(bytes.NewReader(trace), "bench"), NewEngine(EngineOptions{Keys: true}), Options{Duration: 60}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestBenchTraceReplays(t *testing.T) {
	trace := benchTrace(5000, 20, 3)
	rep, err := Run(tracefmt.NewReader(bytes.NewReader(trace), "bench"), NewEngine(EngineOptions{}), Options{Duration: 10})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Operations != 5000 || rep.Statuses[400] != 0 || rep.Statuses[409] != 0 || rep.Statuses[200] == 0 {
		t.Errorf("statuses %v", rep.Statuses)
	}
}

// cpuTime returns the process's CPU time (user and system), which shows
// the work a benchmark does even when other processes share the machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// maxRSS returns the process's peak resident set so far, in bytes: the
// sizes run in increasing order, so each reports its own peak.
func maxRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Maxrss * 1024
}

// writeBenchTrace writes benchTrace(n, parts, seed) to a file in dir, in
// chunks, so that a 10 M-operation trace is never held in memory whole.
func writeBenchTrace(b *testing.B, dir string, n, parts int, seed uint64) string {
	b.Helper()
	path := filepath.Join(dir, "trace-"+strconv.Itoa(n)+".jsonl")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	// benchTrace's operations depend on the partitions' insert counts, so
	// one generator writes the whole trace; it streams through a pipe.
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(streamBenchTrace(pw, n, parts, seed)) }()
	if _, err := io.Copy(f, pr); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkReplayScaling replays traces of 10 k, 100 k, 1 M and (with
// -replay10m) 10 M operations over 1,000 partitions from a file, end to
// end, and reports the time per operation, the CPU time and the peak heap:
// a linear replay keeps ns/operation flat and the heap proportional to the
// entities stored.
func BenchmarkReplayScaling(b *testing.B) {
	sizes := []int{10_000, 100_000, 1_000_000}
	if *replay10M {
		sizes = append(sizes, 10_000_000)
	}
	dir := b.TempDir()
	for _, n := range sizes {
		path := writeBenchTrace(b, dir, n, 1000, 1)
		b.Run("ops="+strconv.Itoa(n), func(b *testing.B) {
			runtime.GC()
			var peak atomic.Uint64
			stop := make(chan struct{})
			done := make(chan struct{})
			go func() { // sample the heap: the peak between GCs
				defer close(done)
				var ms runtime.MemStats
				t := time.NewTicker(20 * time.Millisecond)
				defer t.Stop()
				for {
					select {
					case <-stop:
						return
					case <-t.C:
						runtime.ReadMemStats(&ms)
						if ms.HeapAlloc > peak.Load() {
							peak.Store(ms.HeapAlloc)
						}
					}
				}
			}()
			cpu0 := cpuTime()
			runs := 0
			for b.Loop() {
				runs++
				f, err := os.Open(path)
				if err != nil {
					b.Fatal(err)
				}
				rep, err := Run(tracefmt.NewReader(bufio.NewReaderSize(f, 1<<20), "bench"), NewEngine(EngineOptions{}), Options{Duration: 600})
				f.Close()
				if err != nil {
					b.Fatal(err)
				}
				if rep.Operations != n {
					b.Fatalf("%d operations", rep.Operations)
				}
			}
			close(stop)
			<-done
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(runs*n), "ns/operation")
			b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(runs), "cpu-s/op")
			b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MiB")
			b.ReportMetric(float64(maxRSS())/(1<<20), "peak-RSS-MiB")
		})
	}
}

var replay10M = flag.Bool("replay10m", false, "BenchmarkReplayScaling also replays 10 M operations (a minute or more, several GiB of heap)")
