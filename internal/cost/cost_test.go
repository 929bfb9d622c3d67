package cost

import "testing"

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
