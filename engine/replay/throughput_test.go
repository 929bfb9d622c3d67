package replay

import (
	"github.com/tablelint/tablelint/internal/tracefmt"
	"strings"
	"testing"
)

// add records an operation at time t (line = index+1) with loads.
func add(m *Model, t float64, table string, pages int, loads ...Load) {
	op := &tracefmt.Op{Line: m.Len() + 1, Table: table, T: t, HasT: true}
	m.Add(op, &Outcome{Pages: pages, Load: loads})
}

func TestModelWindowsAndThrottling(t *testing.T) {
	m := NewModel(10, 1000)
	// Second 0: 12 single-entity writes to partition a: the 11th and
	// 12th arrive after a has served its 10.
	for i := 0; i < 12; i++ {
		add(m, float64(i)/12, "T", 1, Load{"a", 1})
	}
	// Second 1: a again, within its target; b once.
	for i := 0; i < 5; i++ {
		add(m, 1+float64(i)/10, "T", 1, Load{"a", 1})
	}
	add(m, 1.9, "T", 1, Load{"b", 1})
	// Second 3: one query scanning 25 entities of c: over the target
	// alone but not throttled (nothing was served before it), and a
	// following read of c is throttled.
	add(m, 3.0, "T", 3, Load{"c", 25})
	add(m, 3.5, "T", 1, Load{"c", 1})
	tp := m.Run(RunOptions{})
	if tp.Seconds != 4 {
		t.Errorf("Seconds = %d, want 4", tp.Seconds)
	}
	if tp.Throttled != 3 || tp.ThrottledAccount != 0 {
		t.Errorf("Throttled = %d (account %d), want 3 (0)", tp.Throttled, tp.ThrottledAccount)
	}
	for i := 0; i < m.Len(); i++ {
		want := i == 10 || i == 11 || i == 19
		if m.Throttled(i) != want {
			t.Errorf("op %d throttled = %v, want %v", i, m.Throttled(i), want)
		}
	}
	if tp.Entities != 12+5+1+25+1 || tp.Transactions != 12+5+1+3+1 {
		t.Errorf("Entities %d Transactions %d", tp.Entities, tp.Transactions)
	}
	got := map[string]PartitionStat{}
	for _, p := range tp.Partitions {
		got[p.PK] = p
	}
	if c := got["c"]; c.Peak != 26 || c.PeakAt != 3 || c.HotLine != 19 || c.Throttled != 1 || c.Ops != 2 {
		t.Errorf("c = %+v", c)
	}
	if a := got["a"]; a.Peak != 12 || a.PeakAt != 0 || a.HotLine != 11 || a.Throttled != 2 || a.Ops != 17 {
		t.Errorf("a = %+v", a)
	}
	if b := got["b"]; b.Peak != 1 || b.HotLine != 0 {
		t.Errorf("b = %+v", b)
	}
	// Hottest first: the most throttled (a: 2), then the highest peak
	// (c: 26 over b: 1).
	if tp.Partitions[0].PK != "a" || tp.Partitions[1].PK != "c" || tp.Partitions[2].PK != "b" {
		t.Errorf("order %v %v %v", tp.Partitions[0].PK, tp.Partitions[1].PK, tp.Partitions[2].PK)
	}
	if s := got["a"].Share; s < 17.0/44-1e-9 || s > 17.0/44+1e-9 {
		t.Errorf("a share = %v", s)
	}
	if tp.AccountPeak != 12 || tp.AccountPeakAt != 0 {
		t.Errorf("account peak %d at %d", tp.AccountPeak, tp.AccountPeakAt)
	}
}

func TestModelAccountTarget(t *testing.T) {
	m := NewModel(1000, 5)
	for i := 0; i < 8; i++ {
		add(m, 0.5, "T", 1, Load{string(rune('a' + i)), 1})
	}
	add(m, 0.6, "T", 2) // a two-page query touching nothing
	add(m, 1.0, "T", 1, Load{"a", 1})
	tp := m.Run(RunOptions{})
	if tp.Throttled != 4 || tp.ThrottledAccount != 4 {
		t.Errorf("throttled %d account %d, want 4 4", tp.Throttled, tp.ThrottledAccount)
	}
	if m.Throttled(4) != false || m.Throttled(5) != true || m.Throttled(9) {
		t.Errorf("throttled ops wrong")
	}
	if tp.AccountPeak != 10 {
		t.Errorf("account peak %d, want 10", tp.AccountPeak)
	}
	// The sixth request of second 0 (line 6) took the account over 5.
	if tp.AccountHotLine != 6 || tp.AccountHotSeconds != 1 {
		t.Errorf("account hot at line %d, %d seconds; want line 6, 1 second", tp.AccountHotLine, tp.AccountHotSeconds)
	}
}

func TestModelSpreadAndOrder(t *testing.T) {
	m := NewModel(0, 0)
	if m.PartitionRate != DefaultPartitionRate || m.AccountRate != DefaultAccountRate {
		t.Fatalf("defaults %v %v", m.PartitionRate, m.AccountRate)
	}
	// Ten untimed operations over 5 s: two a second.
	for i := 0; i < 10; i++ {
		m.Add(&tracefmt.Op{Table: "T"}, &Outcome{Pages: 1, Load: []Load{{"p", 1}}})
	}
	tp := m.Run(RunOptions{Duration: 5})
	if tp.Seconds != 5 || tp.Partitions[0].Peak != 2 {
		t.Errorf("seconds %d peak %d", tp.Seconds, tp.Partitions[0].Peak)
	}
	// Out-of-order times are sorted; table names ignore case.
	m = NewModel(3, 0)
	add(m, 2.5, "T", 1, Load{"p", 1})
	add(m, 0.1, "t", 1, Load{"p", 3})
	add(m, 0.2, "T", 1, Load{"p", 1}) // throttled: p served 3 in second 0
	tp = m.Run(RunOptions{Duration: 100})
	if tp.Seconds != 3 {
		t.Errorf("seconds %d, want 3 (all timed: the duration does not apply)", tp.Seconds)
	}
	if len(tp.Partitions) != 1 || !m.Throttled(2) || m.Throttled(0) || m.Throttled(1) {
		t.Errorf("partitions %d throttled %v %v %v", len(tp.Partitions), m.Throttled(0), m.Throttled(1), m.Throttled(2))
	}
}

func TestHeatMap(t *testing.T) {
	m := NewModel(100, 0)
	// 12 partitions; p0 the hottest. 300 seconds, grouped into columns.
	for s := 0; s < 300; s++ {
		for p := 0; p < 12; p++ {
			n := 1 + p
			if p == 0 && s == 150 {
				n = 500
			}
			add(m, float64(s)+0.5, "T", 1, Load{string(rune('a' + p)), n})
		}
	}
	tp := m.Run(RunOptions{TopN: 3, MaxColumns: 100})
	h := tp.Heat
	if h.BucketSeconds != 3 || len(h.Rows) != 4 || len(h.Rows[0]) != 100 || h.Other != 9 {
		t.Fatalf("bucket %d rows %d cols %d other %d", h.BucketSeconds, len(h.Rows), len(h.Rows[0]), h.Other)
	}
	if h.Labels[0] != "T / a" || h.Labels[1] != "T / l" || h.Labels[3] != "other" {
		t.Errorf("labels %v", h.Labels)
	}
	if h.Rows[0][50] != 500 || h.Rows[0][49] != 1 || h.Rows[1][0] != 12 {
		t.Errorf("cells %d %d %d", h.Rows[0][50], h.Rows[0][49], h.Rows[1][0])
	}
	// "other" is the busiest of the rest (j, with 10 a second).
	if h.Rows[3][7] != 10 {
		t.Errorf("other = %d, want 10", h.Rows[3][7])
	}
}

func TestChunked(t *testing.T) {
	var c chunked[int32]
	const n = 3<<chunkBits + 5
	for i := range n {
		c.append(int32(i))
	}
	if c.n != n {
		t.Fatalf("n = %d, want %d", c.n, n)
	}
	for i := range n {
		if got := *c.at(i); got != int32(i) {
			t.Fatalf("at(%d) = %d", i, got)
		}
	}
}

// TestSpikes: a partition at 50 entities/s for 20 seconds that takes
// 1,500 in second 20 spikes (TL502); a steady 1,500/s does not, nor a
// jump in a partition's first seconds, nor a jump that stays far below
// the target.
func TestSpikes(t *testing.T) {
	m := NewModel(2000, 1e9)
	for s := 0; s < 25; s++ {
		load := 50
		if s == 20 {
			load = 1500
		}
		add(m, float64(s), "T", 1, Load{"a", load})
		add(m, float64(s), "T", 1, Load{"steady", 1500})
		add(m, float64(s), "T", 1, Load{"small", 1 + 99*(s/20)}) // 1, then 100: far below the target
	}
	add(m, 2, "T", 1, Load{"young", 10})
	add(m, 3, "T", 1, Load{"young", 1500})
	tp := m.Run(RunOptions{})
	if len(tp.Spikes) != 1 {
		t.Fatalf("spikes %+v, want one on a", tp.Spikes)
	}
	s := tp.Spikes[0]
	if s.PK != "a" || s.Second != 20 || s.Load != 1500 || s.Recent < 49 || s.Recent > 51 || s.Line != 61 {
		t.Errorf("spike %+v", s)
	}
	rep := &Report{Throughput: tp}
	fs := rep.spikeFindings("t.jsonl")
	if len(fs) != 1 || fs[0].Rule != "TL502" || fs[0].Line != 61 ||
		fs[0].Message != `traffic spike on partition "a": 1,500 entities/s, 30 times its recent level` ||
		!strings.Contains(fs[0].Hint, "table T, second 20, recent level 50 entities/s") {
		t.Errorf("findings %+v", fs)
	}
}
