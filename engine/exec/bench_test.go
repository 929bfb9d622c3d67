package exec

import (
	"fmt"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/engine/store"
)

// benchTable holds parts partitions of rows Employee-like entities.
func benchTable(b *testing.B, parts, rows int) *store.Table {
	b.Helper()
	s := store.New(store.Options{})
	tb, _ := s.CreateTable("Employees")
	for i := range parts * rows {
		e, err := store.MakeEntity(fmt.Sprintf("Dept%02d", i%parts), fmt.Sprintf("empid_%07d", i),
			edm.Property{Name: "LastName", Value: edm.StringValue(fmt.Sprintf("Name%04d", i%5000))},
			edm.Property{Name: "Email", Value: edm.StringValue(fmt.Sprintf("user%07d@contoso.com", i))},
			edm.Property{Name: "Age", Value: edm.Int32Value(int32(20 + i%45))},
		)
		if err != nil {
			b.Fatal(err)
		}
		tb.Insert(e)
	}
	runtime.GC()
	return tb
}

// BenchmarkPartitionScan evaluates a simple predicate over one partition
// of 1,000,000 entities (1 in 45 match; pages of 1,000 are followed).
func BenchmarkPartitionScan(b *testing.B) {
	tb := benchTable(b, 1, 1_000_000)
	x := New(Options{NoPartitionBoundary: true})
	q := Query{Filter: "PartitionKey eq 'Dept00' and Age eq 42"}
	scanned := 0
	start, cpu0 := time.Now(), cpuTime()
	for b.Loop() {
		r, err := x.All(tb, q, 0)
		if err != nil || r.Stats.Scanned != 1_000_000 {
			b.Fatal(err, r.Stats)
		}
		scanned += r.Stats.Scanned
	}
	b.ReportMetric(float64(scanned)/time.Since(start).Seconds(), "entities/s")
	b.ReportMetric(float64(scanned)/(cpuTime()-cpu0).Seconds(), "entities/cpu-s")
}

// BenchmarkPointQuery runs point queries (distinct filter strings of one
// shape) through Prepare and PagePrepared on 1,000,000 entities.
func BenchmarkPointQuery(b *testing.B) {
	tb := benchTable(b, 40, 25_000)
	x := New(Options{})
	filters := make([]string, 4096)
	for i := range filters {
		n := (i * 7919) % 1_000_000
		filters[i] = fmt.Sprintf("PartitionKey eq 'Dept%02d' and RowKey eq 'empid_%07d'", n%40, n)
	}
	i := 0
	start := time.Now()
	for b.Loop() {
		p, err := x.Prepare(filters[i%len(filters)])
		if err != nil {
			b.Fatal(err)
		}
		if pg := x.PagePrepared(tb, p, 0, nil); len(pg.Entities) != 1 {
			b.Fatal("not found")
		}
		i++
	}
	b.ReportMetric(float64(i)/time.Since(start).Seconds(), "queries/s")
}

// BenchmarkPrepareDistinct prepares distinct filter strings of one shape:
// the executor's exact-text cache misses every time and odata's shape
// cache answers the parse (the participle parser does not run).
func BenchmarkPrepareDistinct(b *testing.B) {
	x := New(Options{CacheSize: 1 << 20})
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		f := fmt.Sprintf("PartitionKey eq 'Dept%02d' and RowKey ge 'empid_%07d' and Age gt %d", i%40, i, i%60)
		if _, err := x.Prepare(f); err != nil {
			b.Fatal(err)
		}
		i++
	}
	if st := x.CacheStats(); st.Exact != 0 {
		b.Fatalf("distinct filters hit the exact cache: %+v", st)
	}
}

// BenchmarkPrepareNewShape prepares filters that each have a shape not
// seen before (the third property's name changes every time), so that
// both caches miss and the participle parser runs for every filter: the
// contrast to BenchmarkPrepareDistinct.
func BenchmarkPrepareNewShape(b *testing.B) {
	x := New(Options{CacheSize: 1 << 20})
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		f := fmt.Sprintf("PartitionKey eq 'Dept%02d' and RowKey ge 'empid_%07d' and Age%d gt %d", i%40, i, i, i%60)
		if _, err := x.Prepare(f); err != nil {
			b.Fatal(err)
		}
		i++
	}
	if st := x.CacheStats(); st.Exact != 0 {
		b.Fatalf("distinct filters hit the exact cache: %+v", st)
	}
}

// cpuTime returns the process's CPU time (user and system): rates per
// CPU-second move less than rates per second when other processes load
// the machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
