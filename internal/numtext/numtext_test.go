package numtext

import "testing"

func TestFormats(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Group(0), "0"},
		{Group(999), "999"},
		{Group(1000), "1,000"},
		{Group(1234567), "1,234,567"},
		{Group(-123), "-123"},
		{Group(-1234567), "-1,234,567"},
		{Plural(1, "second"), "1 second"},
		{Plural(0, "second"), "0 seconds"},
		{Plural(12345, "operation"), "12,345 operations"},
		{Percent(0), "0%"},
		{Percent(0.0005), "<0.1%"},
		{Percent(0.125), "12.5%"},
		{Decimal(2.5), "2.5"},
		{Decimal(1234), "1,234"},
		{Decimal(1234.6), "1,235"},
		{Decimal(99.96), "100.0"},
		{Rate(0.5), "0.5"},
		{Rate(20000), "20,000"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	if r := Round(2.34567, 2); r != 2.35 {
		t.Errorf("Round(2.34567, 2) = %g", r)
	}
}
