package store

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tablelint/tablelint/edm"
)

var hired = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)

// employee fills props with entity i, shaped like the example
// design's Employee: 40 departments, RowKey empid_NNNNNN, LastName, Email, Age and
// Hired. It builds its strings the way a decoder would (new allocations).
func employee(props []edm.Property, i int) []edm.Property {
	num := func(prefix string, v, width int, suffix string) string {
		var buf [40]byte
		b := append(buf[:0], prefix...)
		var d [20]byte
		digits := strconv.AppendInt(d[:0], int64(v), 10)
		for range width - len(digits) {
			b = append(b, '0')
		}
		return string(append(append(b, digits...), suffix...))
	}
	return append(props[:0],
		edm.Property{Name: PartitionKey, Value: edm.StringValue(num("Dept", i%40, 2, ""))},
		edm.Property{Name: RowKey, Value: edm.StringValue(num("empid_", i, 6, ""))},
		edm.Property{Name: "LastName", Value: edm.StringValue(num("Name", i%5000, 4, ""))},
		edm.Property{Name: "Email", Value: edm.StringValue(num("user", i, 6, "@contoso.com"))},
		edm.Property{Name: "Age", Value: edm.Int32Value(int32(20 + i%45))},
		edm.Property{Name: "Hired", Value: edm.DateTimeValue(hired.Add(time.Duration(i) * time.Minute))},
	)
}

// BenchmarkLoad1M generates, validates (NewEntity) and inserts 1,000,000
// entities; one op is the whole load. It also reports the heap the table
// holds per entity, and that against the entities' estimated service size
// (docs/design-files.md, "Size and cost estimates").
func BenchmarkLoad1M(b *testing.B) { benchLoad1M(b, false) }

// BenchmarkLoad1MInto is BenchmarkLoad1M building every entity in one
// Entity (NewEntityInto), as replay loads a design and writes a trace's
// entities.
func BenchmarkLoad1MInto(b *testing.B) { benchLoad1M(b, true) }

func benchLoad1M(b *testing.B, into bool) {
	const n = 1_000_000
	var memRatio, bytesPerEntity float64
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		b.StartTimer()
		cpu0 := cpuTime()
		s := New(Options{})
		tb, _ := s.CreateTable("Employees")
		var props []edm.Property
		var reused Entity
		for i := range n {
			props = employee(props, i)
			var e *Entity
			var err error
			if into {
				e, err = NewEntityInto(&reused, props)
			} else {
				e, err = NewEntity(props)
			}
			if err != nil {
				b.Fatal(err)
			}
			if _, err := tb.Insert(e); err != nil {
				b.Fatal(err)
			}
		}
		cpu += cpuTime() - cpu0
		b.StopTimer()
		est := 0
		tb.AscendAll(func(e *Entity) bool { est += e.EstimatedSize(); return true })
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		held := float64(after.HeapAlloc) - float64(before.HeapAlloc)
		bytesPerEntity = held / n
		memRatio = held / float64(est)
		if tb.Len() != n {
			b.Fatal(tb.Len())
		}
		runtime.KeepAlive(tb)
		b.StartTimer()
	}
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(bytesPerEntity, "heapB/entity")
	b.ReportMetric(memRatio, "heap/estimated")
}

func loaded(b *testing.B, n int) (*Table, [][2]string) {
	b.Helper()
	s := New(Options{})
	tb, _ := s.CreateTable("Employees")
	var keys [][2]string
	var props []edm.Property
	for i := range n {
		props = employee(props, i)
		e, _ := NewEntity(props)
		tb.Insert(e)
		keys = append(keys, [2]string{e.PartitionKey, e.RowKey})
	}
	return tb, keys
}

// readOrder returns keys in the order the get benchmarks read them (a
// stride that jumps around the table), each string allocated anew in that
// order: the benchmark reads its keys sequentially, so that what it
// measures is the table's memory traffic, not its own.
func readOrder(keys [][2]string) [][2]string {
	out := make([][2]string, len(keys))
	for i := range out {
		k := keys[(i*7919)%len(keys)]
		out[i] = [2]string{strings.Clone(k[0]), strings.Clone(k[1])}
	}
	return out
}

// benchGets reads entities of a 1,000,000-entity table in readOrder with
// get, which fails the benchmark when it finds nothing, and reports gets a
// second and a CPU-second.
func benchGets(b *testing.B, get func(tb *Table, pk, rk string)) {
	tb, keys := loaded(b, 1_000_000)
	keys = readOrder(keys)
	runtime.GC() // settle the setup's garbage before timing
	b.ReportAllocs()
	i := 0
	start, cpu0 := time.Now(), cpuTime()
	for b.Loop() {
		k := keys[i%len(keys)]
		get(tb, k[0], k[1])
		i++
	}
	b.ReportMetric(float64(i)/time.Since(start).Seconds(), "gets/s")
	b.ReportMetric(float64(i)/(cpuTime()-cpu0).Seconds(), "gets/cpu-s")
}

// BenchmarkGet reads random entities of a 1,000,000-entity table by key
// into one Entity (Table.LookupInto), as the executor and the replay do.
func BenchmarkGet(b *testing.B) {
	var e Entity
	benchGets(b, func(tb *Table, pk, rk string) {
		if !tb.LookupInto(pk, rk, &e) || e.RowKey != rk {
			b.Fatal("missing")
		}
	})
}

// BenchmarkGetMany is BenchmarkGet reading the same keys in the same
// order 16 at a time (Table.LookupMany), as the replay reads a run of
// consecutive gets: one b.N is one entity read, so its gets/s and
// gets/cpu-s compare with BenchmarkGet's.
func BenchmarkGetMany(b *testing.B) {
	const group = 16
	tb, keys := loaded(b, 1_000_000)
	keys = readOrder(keys)
	batch := make([]Key, len(keys))
	for i, k := range keys {
		batch[i] = Key{k[0], k[1]}
	}
	es := make([]Entity, group)
	found := make([]bool, group)
	runtime.GC() // settle the setup's garbage before timing
	b.ReportAllocs()
	b.ResetTimer()
	start, cpu0 := time.Now(), cpuTime()
	for i := 0; i < b.N; {
		at := i % len(batch)
		ks := batch[at : at+min(group, b.N-i, len(batch)-at)]
		if tb.LookupMany(ks, es, found) != len(ks) || es[len(ks)-1].RowKey != ks[len(ks)-1].RK {
			b.Fatal("missing")
		}
		i += len(ks)
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "gets/s")
	b.ReportMetric(float64(b.N)/(cpuTime()-cpu0).Seconds(), "gets/cpu-s")
}

// BenchmarkLookup is BenchmarkGet through Table.Lookup, which returns a
// new *Entity (one allocation a read).
func BenchmarkLookup(b *testing.B) {
	benchGets(b, func(tb *Table, pk, rk string) {
		if e := tb.Lookup(pk, rk); e == nil || e.RowKey != rk {
			b.Fatal("missing")
		}
	})
}

// BenchmarkGetProperty is BenchmarkGet reading the Age property of each
// entity read, by name, as a caller that uses the entity does.
func BenchmarkGetProperty(b *testing.B) {
	var e Entity
	sum := int64(0)
	benchGets(b, func(tb *Table, pk, rk string) {
		if !tb.LookupInto(pk, rk, &e) {
			b.Fatal("missing")
		}
		v, _ := e.Get("Age")
		sum += v.Int
	})
	if sum == 0 {
		b.Fatal("no ages")
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

// interleaved returns a table of n entities in 1,000 partitions, each
// partition's RowKeys ascending ("%08d") but the partitions written in a
// random order, as the replay benchmark's trace writes them, and the
// partitions' sizes.
func interleaved(b *testing.B, n int) (*Table, []int) {
	b.Helper()
	const parts = 1000
	s := New(Options{})
	tb, _ := s.CreateTable("Bench")
	rng := rand.New(rand.NewPCG(1, 2))
	sizes := make([]int, parts)
	var props []edm.Property
	var reused Entity
	for i := range n {
		p := rng.IntN(parts)
		props = append(props[:0],
			edm.Property{Name: PartitionKey, Value: edm.StringValue("p" + strconv.Itoa(p))},
			edm.Property{Name: RowKey, Value: edm.StringValue(fmt.Sprintf("%08d", sizes[p]))},
			edm.Property{Name: "Amount", Value: edm.Int32Value(int32(rng.IntN(1000)))},
			edm.Property{Name: "Big", Value: edm.Int64Value(rng.Int64())},
			edm.Property{Name: "Name", Value: edm.StringValue("name " + strconv.Itoa(i))},
		)
		sizes[p]++
		e, err := NewEntityInto(&reused, props)
		if err != nil {
			b.Fatal(err)
		}
		if err := tb.Write(OpInsert, e, Merge, ""); err != nil {
			b.Fatal(err)
		}
	}
	return tb, sizes
}

// BenchmarkInterleaved scans 10 entities from a random place of a random
// partition (ScanPartition) and reads one entity by key (LookupInto) in
// tables of 400,000 and 4,000,000 entities written as interleaved
// writes them: the second table is far larger than the processor's
// caches, and a layout that keeps a partition's entities together reads
// fewer cache lines a scanned entity.
func BenchmarkInterleaved(b *testing.B) {
	for _, n := range []int{400_000, 4_000_000} {
		tb, sizes := interleaved(b, n)
		rng := rand.New(rand.NewPCG(3, 4))
		keys := make([][2]string, 1<<16)
		for i := range keys {
			p := rng.IntN(len(sizes))
			keys[i] = [2]string{"p" + strconv.Itoa(p), fmt.Sprintf("%08d", rng.IntN(sizes[p]))}
		}
		runtime.GC()
		b.Run("scan10/n="+strconv.Itoa(n), func(b *testing.B) {
			scanned, i := 0, 0
			cpu0 := cpuTime()
			for b.Loop() {
				key := keys[i%len(keys)]
				i++
				k := 0
				tb.ScanPartition(key[0], key[1], func(*Entity) bool {
					k++
					return k < 10
				})
				scanned += k
			}
			b.ReportMetric(float64(scanned)/(cpuTime()-cpu0).Seconds(), "entities/cpu-s")
		})
		b.Run("get/n="+strconv.Itoa(n), func(b *testing.B) {
			var e Entity
			gets := 0
			cpu0 := cpuTime()
			for b.Loop() {
				key := keys[gets%len(keys)]
				if !tb.LookupInto(key[0], key[1], &e) {
					b.Fatal("missing")
				}
				gets++
			}
			b.ReportMetric(float64(gets)/(cpuTime()-cpu0).Seconds(), "gets/cpu-s")
		})
		runtime.KeepAlive(tb)
	}
}

// BenchmarkInterleavedLoad writes the 1,000,000 entities of interleaved
// (1,000 partitions, each in ascending RowKey order, written in a random
// order); one op is the whole load.
func BenchmarkInterleavedLoad(b *testing.B) {
	var cpu time.Duration
	for b.Loop() {
		cpu0 := cpuTime()
		tb, _ := interleaved(b, 1_000_000)
		cpu += cpuTime() - cpu0
		runtime.KeepAlive(tb)
	}
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
}
