package review_test

import (
	"fmt"
	"github.com/tablelint/tablelint/internal/finding"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/internal/filtercheck"
	"github.com/tablelint/tablelint/internal/golden"
	"github.com/tablelint/tablelint/internal/suppress"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/review"
)

// render prints a review as the golden files hold it: one line per
// finding (line:col severity rule message), then the tables.
func render(t *testing.T, res *review.Result) string {
	var b strings.Builder
	for _, it := range res.Items {
		fmt.Fprintf(&b, "%d:%d: %s %s %s\n", it.Line, it.Col, it.Severity, it.Rule, it.Message)
		if err := finding.CheckMessage(it.Rule, it.Message); err != nil {
			t.Errorf("%d:%d: %v", it.Line, it.Col, err)
		}
		if it.Hint != "" {
			// Detail moved out of the message is checked here.
			fmt.Fprintf(&b, "    hint: %s\n", it.Hint)
		}
		if it.Node == nil {
			t.Errorf("finding %s at %d:%d has no YAML node", it.Rule, it.Line, it.Col)
		}
	}
	if err := review.WriteTables(&b, []*review.Result{res}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestGolden reviews every example design and every per-check design and
// compares the findings and tables with testdata/<name>.golden.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("../testdata/designs/*.yaml")
	checks, _ := filepath.Glob("../testdata/designs/checks/*.yaml")
	files = append(files, checks...)
	if len(files) < 10 {
		t.Fatalf("found only %d designs", len(files))
	}
	for _, f := range files {
		name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(f), ".yaml"), ".tablelint")
		t.Run(name, func(t *testing.T) {
			d, err := model.Load(f)
			if err != nil {
				t.Fatal(err)
			}
			res := review.Review(d, review.Options{})
			for _, it := range res.Items {
				if !slices.Contains(review.Rules, it.Rule) && !slices.Contains(filtercheck.Rules, it.Rule) && !suppress.IsRule(it.Rule) {
					t.Errorf("review reports %s, which neither review.Rules, filtercheck.Rules nor the directive rules declare", it.Rule)
				}
			}
			got := render(t, res)
			golden.CheckString(t, filepath.Join("testdata", name+".golden"), got)
		})
	}
}

// TestRulesPerCheck makes sure each check design triggers the rules it is
// about, so a golden file accepted with -update cannot silently lose one.
func TestRulesPerCheck(t *testing.T) {
	want := map[string][]string{
		"names":          {"TL101", "TL102", "TL103", "TL110", "TL111", "TL112", "TL113", "TL114", "TL115"},
		"limits":         {"TL120", "TL121", "TL122", "TL123", "TL132"},
		"cosmos":         {"TL121"},
		"keys":           {"TL201", "TL202", "TL204", "TL205", "TL208", "TL209"},
		"queries":        {"TL301", "TL303", "TL304", "TL306", "TL309", "TL314", "TL322", "TL323"},
		"transactions":   {"TL401", "TL403"},
		"patterns":       {"TL509", "TL516", "TL301"},
		"costs":          {"TL310", "TL311"},
		"cosmos-queries": {"TL317", "TL301", "TL303"},
		"cosmos-faq":     {"TL116", "TL121", "TL202", "TL317", "TL319", "TL401"},
	}
	for name, rules := range want {
		d, err := model.Load("../testdata/designs/checks/" + name + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]int{}
		for _, it := range review.Review(d, review.Options{}).Items {
			got[it.Rule]++
		}
		for _, r := range rules {
			if got[r] == 0 {
				t.Errorf("%s.yaml: no %s finding (got %v)", name, r, got)
			}
		}
	}
}

// TestCleanExamples: the pattern examples follow the guide and must stay
// free of findings.
func TestCleanExamples(t *testing.T) {
	for _, f := range []string{"log-tail.tablelint.yaml", "high-volume-delete.tablelint.yaml"} {
		d, err := model.Load("../testdata/designs/" + f)
		if err != nil {
			t.Fatal(err)
		}
		if items := review.Review(d, review.Options{}).Items; len(items) != 0 {
			t.Errorf("%s: %d findings, first %s %s", f, len(items), items[0].Rule, items[0].Message)
		}
	}
}

// TestPartitionTarget: TL209 depends on the configured partition target.
func TestPartitionTarget(t *testing.T) {
	d, err := model.Load("../testdata/designs/prepend-append.tablelint.yaml")
	if err != nil {
		t.Fatal(err)
	}
	count := func(opt review.Options) int {
		n := 0
		for _, it := range review.Review(d, opt).Items {
			if it.Rule == "TL209" {
				n++
			}
		}
		return n
	}
	if n := count(review.Options{}); n != 1 {
		t.Errorf("default target: %d TL209, want 1", n)
	}
	if n := count(review.Options{PartitionRate: 5000}); n != 0 {
		t.Errorf("target 5000/s: %d TL209 for 3000 writes/s, want 0", n)
	}
}

// TestSizeFormula pins the estimator to the published accounting on a
// hand-computed entity.
func TestSizeFormula(t *testing.T) {
	src := `
version: 1
tables:
  T:
    entities:
      E:
        partitionKey: "{Dept}"
        rowKey: "id_{Id:%06d}"
        properties:
          Dept: {type: String, maxLength: 10}
          Id: Int32
          Ok: Boolean
          Pic: {type: Binary, maxBytes: 100}
    queries: {q: {filter: "PartitionKey eq 'a' and RowKey eq 'b'"}}
`
	d, err := model.Parse("s.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	// 4 + 2*(10 + 3+11) keys + Dept (8+2*4 + 2*10+4) + Id (8+2*2+4)
	// + Ok (8+2*2+1) + Pic (8+2*3+100+4)
	want := int64(4 + 2*(10+3+11) + (8 + 8 + 24) + (8 + 4 + 4) + (8 + 4 + 1) + (8 + 6 + 104))
	res := review.Review(d, review.Options{})
	if got := res.Entities[0].Size.Max; got != want {
		t.Errorf("max size %d, want %d", got, want)
	}
}

// TestCosts: the billable transactions, bytes and monthly price of each
// query of the costs check design; TL310 and TL311 only where the
// comments say.
func TestCosts(t *testing.T) {
	d, err := model.Load("../testdata/designs/checks/costs.yaml")
	if err != nil {
		t.Fatal(err)
	}
	res := review.Review(d, review.Options{Prices: review.Prices{Currency: "USD", PerTenThousandTransactions: 1}})
	var got []string
	for _, it := range res.Items {
		if it.Rule == "TL310" || it.Rule == "TL311" {
			got = append(got, it.Rule+" "+strings.SplitN(it.Message, " ", 3)[1])
		}
	}
	if want := "TL310 Employees.byId TL311 Employees.dept"; strings.Join(got, " ") != want {
		t.Errorf("findings %q, want %q", strings.Join(got, " "), want)
	}
	byName := map[string]review.QueryRow{}
	for _, q := range res.Queries {
		byName[q.Name] = q
	}
	for _, tc := range []struct {
		name    string
		tx, txs float64
		monthly float64
	}{
		{"byId", 1, 100, 100 * review.SecondsPerMonth / 10_000},
		{"keys", 5, 5, 5 * review.SecondsPerMonth / 10_000}, // 5,000 employees in a partition: 5 pages
		// 200,000 entities over 40 partitions: 200 pages and 39 boundaries.
		{"all", 239, 239.0 / 3600, 239.0 / 3600 * review.SecondsPerMonth / 10_000},
		{"first", 1, 10, 10 * review.SecondsPerMonth / 10_000},
	} {
		c := byName[tc.name].Costs
		if !c.TxKnown || c.TxPerRun != tc.tx || !near(c.TxPerSecond, tc.txs) || !c.MonthlyKnown || !near(c.Monthly, tc.monthly) {
			t.Errorf("%s: %+v, want %v tx a run, %v a second, %v a month", tc.name, c, tc.tx, tc.txs, tc.monthly)
		}
	}
	if c := byName["email"].Costs; !c.BytesKnown || c.SelectedBytesPerRun >= c.BytesPerRun/10 {
		t.Errorf("email: %v bytes selected of %v", c.SelectedBytesPerRun, c.BytesPerRun)
	}
}

func near(a, b float64) bool { return a > b*(1-1e-9) && a < b*(1+1e-9) }

// TestCosmosQueries: on the Cosmos DB Table API the log tail's top is
// TL317, scans whose filter compares an indexed property are information
// and read only the matching entities, no index entities are advised,
// and each query has its request units.
func TestCosmosQueries(t *testing.T) {
	d, err := model.Load("../testdata/designs/checks/cosmos-queries.yaml")
	if err != nil {
		t.Fatal(err)
	}
	res := review.Review(d, review.Options{})
	got := map[string]string{}
	for _, it := range res.Items {
		got[it.Rule] = it.Severity.String()
	}
	if got["TL317"] != "warning" || got["TL301"] != "info" || got["TL303"] != "info" || got["TL315"] != "" || got["TL314"] != "" || got["TL504"] != "" {
		t.Errorf("findings %v", got)
	}
	for _, q := range res.Queries {
		if !q.RUKnown || q.RU < 1 {
			t.Errorf("%s: no request units", q.Name)
		}
		if q.Name == "inCurrency" && q.Scanned != 5 { // 100 entities in a partition, 1 in 20 currencies
			t.Errorf("inCurrency reads %v entities, want 5", q.Scanned)
		}
	}
	// The same design for Table storage: no TL317, the scans as usual.
	d.Target = model.Storage
	for _, it := range review.Review(d, review.Options{}).Items {
		if it.Rule == "TL317" {
			t.Errorf("TL317 on storage: %s", it.Message)
		}
	}
}

// TestCosmosFAQ: each difference "Frequently asked questions about Azure
// Cosmos DB for Table" lists is a finding in cosmos-faq.yaml on Cosmos
// DB, while the same design on Table storage keeps storage's findings;
// the corrected twin is silent on both.
func TestCosmosFAQ(t *testing.T) {
	review1 := func(file string, target model.Target) map[string][]string {
		d, err := model.Load("../testdata/designs/checks/" + file)
		if err != nil {
			t.Fatal(err)
		}
		if target == model.Storage {
			d.Target, d.Throughput = model.Storage, model.Throughput{}
		}
		got := map[string][]string{}
		for _, it := range review.Review(d, review.Options{}).Items {
			got[it.Rule] = append(got[it.Rule], it.Message)
		}
		return got
	}
	cosmos := review1("cosmos-faq.yaml", model.Cosmos)
	for rule, n := range map[string]int{"TL202": 1, "TL116": 4, "TL121": 1, "TL401": 1, "TL319": 1, "TL317": 1, "TL309": 0, "TL103": 0} {
		if len(cosmos[rule]) != n {
			t.Errorf("cosmos: %d %s, want %d: %q", len(cosmos[rule]), rule, n, cosmos[rule])
		}
	}
	if m := cosmos["TL401"]; len(m) == 1 && (!strings.Contains(m[0], "2 MB") || strings.Contains(m[0], "4 MiB")) {
		t.Errorf("TL401 on Cosmos DB quotes another limit: %s", m[0])
	}
	if m := cosmos["TL121"]; len(m) == 1 && !strings.Contains(m[0], "2,400,842") { // 20 × 60,000 bytes, twice
		t.Errorf("TL121 on Cosmos DB does not count Binary twice: %s", m[0])
	}
	storage := review1("cosmos-faq.yaml", model.Storage)
	for rule, n := range map[string]int{"TL202": 0, "TL116": 0, "TL121": 1, "TL401": 0, "TL319": 0, "TL317": 0, "TL309": 1, "TL103": 1} {
		if len(storage[rule]) != n {
			t.Errorf("storage: %d %s, want %d: %q", len(storage[rule]), rule, n, storage[rule])
		}
	}
	for _, target := range []model.Target{model.Cosmos, model.Storage} {
		if got := review1("cosmos-faq-twin.yaml", target); len(got) != 0 {
			t.Errorf("twin on %s: %v", target, got)
		}
	}
}

// TestCosmosBill: the bill of each throughput mode at the default
// prices, and TL319 only for provisioned and autoscale throughput the
// queries exceed.
func TestCosmosBill(t *testing.T) {
	d, err := model.Load("../testdata/designs/checks/cosmos-faq.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		t     model.Throughput
		month float64 // the throughput's
		tl319 bool
	}{
		{model.Throughput{Mode: model.Provisioned, RUPerSecond: 400}, 4 * 0.008 * 720, true},
		{model.Throughput{Mode: model.Provisioned, RUPerSecond: 2000}, 20 * 0.008 * 720, false},
		{model.Throughput{Mode: model.Autoscale, RUPerSecond: 1000}, 10 * 0.012 * 720, true},
		{model.Throughput{Mode: model.Autoscale, RUPerSecond: 10000}, 11 * 0.012 * 720, false}, // needs 1,007: billed 1,100
		{model.Throughput{Mode: model.Serverless}, -1, false},
		{model.Throughput{}, 11 * 0.008 * 720, false},
	} {
		d.Throughput = c.t
		d.Throughput.Node = d.TargetNode
		res := review.Review(d, review.Options{})
		b := res.Cosmos
		if b == nil {
			t.Fatal("no bill")
		}
		if math.Round(b.NeededRU) != 1007 {
			t.Errorf("%v: needs %v RU/s, want 1,007", c.t.Mode, b.NeededRU)
		}
		want := c.month
		if want < 0 { // serverless: the RU consumed
			want = b.NeededRU * 2_592_000 / 1e6 * 0.25
		}
		if !near(b.ThroughputMonthly, want) {
			t.Errorf("%v %d: throughput %v a month, want %v", c.t.Mode, c.t.RUPerSecond, b.ThroughputMonthly, want)
		}
		if !b.StoredKnown || !near(b.Monthly(), b.ThroughputMonthly+b.StoredBytes/(1<<30)*0.25) {
			t.Errorf("%v: storage %v (%v)", c.t.Mode, b.StoredBytes, b.StoredKnown)
		}
		n := 0
		for _, it := range res.Items {
			if it.Rule == "TL319" && it.Severity.String() == "warning" {
				n++
			}
		}
		if (n == 1) != c.tl319 {
			t.Errorf("%v %d: %d TL319", c.t.Mode, c.t.RUPerSecond, n)
		}
	}
	d.Target = model.Storage
	if res := review.Review(d, review.Options{}); res.Cosmos != nil {
		t.Error("a bill on Table storage")
	}
}

// TestCosmosWrites: an entity type's writes are charged at the write
// charge of its size (30/s of 354-byte entities: 30 × 4.95 RU/s).
func TestCosmosWrites(t *testing.T) {
	d, err := model.Load("../testdata/designs/checks/cosmos-queries.yaml")
	if err != nil {
		t.Fatal(err)
	}
	b := review.Review(d, review.Options{}).Cosmos
	if b == nil || !near(b.WriteRU, 30*4.95) {
		t.Fatalf("writes: %+v", b)
	}
	var queries float64
	for _, q := range review.Review(d, review.Options{}).Queries {
		queries += q.RU * q.Rate
	}
	if !near(b.NeededRU, queries+b.WriteRU) {
		t.Errorf("needed %v, want queries %v + writes %v", b.NeededRU, queries, b.WriteRU)
	}
}
