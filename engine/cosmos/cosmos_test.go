package cosmos

import (
	"bufio"
	"cmp"
	"math"
	"os"
	"slices"
	"testing"
)

func TestOrder(t *testing.T) {
	var keys [][2]string
	for _, pk := range []string{"a", "b", "c", "d"} {
		for _, rk := range []string{"1", "2", "3", "4", "5"} {
			keys = append(keys, [2]string{pk, rk})
		}
	}
	sorted := slices.Clone(keys)
	a, b := slices.Clone(keys), slices.Clone(keys)
	slices.Reverse(b)
	Order(a, 7)
	Order(b, 7)
	if !slices.Equal(a, b) {
		t.Error("seed 7: the order depends on the input order")
	}
	if slices.Equal(a, sorted) {
		t.Error("seed 7: results in key order")
	}
	c := slices.Clone(keys)
	Order(c, 8)
	if slices.Equal(a, c) {
		t.Error("seeds 7 and 8 give one order")
	}
	slices.SortFunc(c, func(x, y [2]string) int {
		return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1]))
	})
	if !slices.Equal(c, sorted) {
		t.Error("Order lost or duplicated keys")
	}
}

func TestCharge(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"read 1 KiB", Charge(Read, 1024, 1), 1},
		{"write 1 KiB", Charge(Write, 1024, 1), 4.95},
		{"query 10 × 512 B", Charge(Query, 512, 10), 5},
		{"query of nothing", Charge(Query, 512, 0), 1},
	} {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("%s: %g, want %g", c.name, c.got, c.want)
		}
	}
}

// TestBudget: 400 RU/s holds 80 writes of 5 RU in a second; the 81st is
// throttled until the next second, which starts afresh.
func TestBudget(t *testing.T) {
	b := Budget{RUPerSecond: 400}
	for i := range 80 {
		if ok, _ := b.Spend(int64(i), 5); !ok {
			t.Fatalf("write %d throttled", i)
		}
	}
	if ok, after := b.Spend(250, 5); ok || after != 750 {
		t.Errorf("81st write: ok %v, retry after %d ms, want 429 and 750", ok, after)
	}
	if ok, _ := b.Spend(1000, 5); !ok {
		t.Error("the next second is throttled")
	}
	// An operation over the whole budget runs alone, then the second is spent.
	big := Budget{RUPerSecond: 400}
	if ok, _ := big.Spend(0, 900); !ok {
		t.Error("a 900 RU query alone is throttled")
	}
	if ok, _ := big.Spend(10, 1); ok {
		t.Error("after 900 RU in a 400 RU/s second, a read ran")
	}
	var serverless Budget
	if ok, _ := serverless.Spend(0, 1e9); !ok {
		t.Error("serverless throttled")
	}
}

// TestParseResponse reads recorded responses of a Cosmos DB for Table
// endpoint.
func TestParseResponse(t *testing.T) {
	for _, c := range []struct {
		file string
		want Response
	}{
		{"query-200.http", Response{Charge: 2.86, Charged: true}},
		{"throttled-429.http", Response{Charge: 0, Charged: true, Throttled: true, RetryAfterMs: 125}},
		{"bad-charge-204.http", Response{}},
	} {
		f, err := os.Open("testdata/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := httpReadResponse(bufio.NewReader(f))
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if got := ParseResponse(resp.StatusCode, resp.Header); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.file, got, c.want)
		}
	}
}
