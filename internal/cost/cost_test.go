package cost

import (
	"math"
	"testing"
)

func TestText(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 1234.4: "1,234", 46.664: "46.66", 0.0016: "0.0016", 100: "100"} {
		if got := Text(v); got != want {
			t.Errorf("Text(%v) = %q, want %q", v, got, want)
		}
	}
	// 500 transactions a second for 30 days at 0.00036 per 10,000.
	if got := Monthly(500, 0.00036); got < 46.655 || got > 46.657 {
		t.Errorf("Monthly = %v, want 46.656", got)
	}
}

// TestCosmosPrices checks the Cosmos DB bill against hand-computed
// figures at the default prices.
func TestCosmosPrices(t *testing.T) {
	p := DefaultCosmosPrices
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"400 RU/s provisioned, 720 h", p.Provisioned(400), 4 * 0.008 * 720},        // 23.04
		{"450 RU/s bills 500", p.Provisioned(450), 5 * 0.008 * 720},                 // increments of 100
		{"autoscale 4000, idle: 10%", p.Autoscale(4000, 0), 4 * 0.012 * 720},        // 34.56
		{"autoscale 4000 at 2500", p.Autoscale(4000, 2500), 25 * 0.012 * 720},       // 216
		{"autoscale 4000 over: the max", p.Autoscale(4000, 9000), 40 * 0.012 * 720}, // 345.6
		{"serverless 10 RU/s", p.Serverless(10), 10 * 2_592_000 / 1e6 * 0.25},       // 6.48
		{"1 GiB stored", p.Storage(1 << 30), 0.25},
	} {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("%s: %g, want %g", c.name, c.got, c.want)
		}
	}
}

// TestRU checks the request units against the rows of Microsoft's table
// and between them.
func TestRU(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"read 100 B", ReadRU(100), 1},
		{"read 1 KiB", ReadRU(1024), 1},
		{"write 1 KiB", WriteRU(1024), 4.95},
		{"read 64 KiB", ReadRU(64 << 10), 4.76},
		{"write 1 MiB", WriteRU(1 << 20), 625},
		{"read 3 KiB", ReadRU(3 << 10), 1.09},      // halfway from 1.04 to 1.14
		{"write 96 KiB", WriteRU(96 << 10), 35.43}, // halfway from 22.67 to 48.19
		{"read 4 MiB", ReadRU(4 << 20), 583.6},     // twice the 2 MiB value
	} {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("%s: %g, want %g", c.name, c.got, c.want)
		}
	}
}
