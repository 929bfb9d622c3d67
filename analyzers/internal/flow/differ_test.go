package flow

import "testing"

func TestDiffer(t *testing.T) {
	hole := func() Part { return Part{Hole: &Hole{Source: Param}} }
	text := func(s string) Part { return Part{Text: s} }
	val := func(vs ...[]Part) Value {
		var v Value
		for _, parts := range vs {
			v.Variants = append(v.Variants, Variant{Parts: parts})
		}
		return v
	}
	approx := val([]Part{text("a")})
	approx.Approx = true
	for _, tc := range []struct {
		name string
		a, b Value
		want bool
	}{
		{"two constants", val([]Part{text("Sales")}), val([]Part{text("Marketing")}), true},
		{"one constant", val([]Part{text("Sales")}), val([]Part{text("Sales")}), false},
		{"prefixes", val([]Part{text("order_"), hole()}), val([]Part{text("user_"), hole()}), true},
		{"a prefix extends the other", val([]Part{text("order"), hole()}), val([]Part{text("order_"), hole()}), false},
		{"suffixes", val([]Part{hole(), text("-a")}), val([]Part{hole(), text("-b")}), true},
		{"holes only", val([]Part{hole()}), val([]Part{hole()}), false},
		{"every pair differs", val([]Part{text("a")}, []Part{text("b")}), val([]Part{text("c")}), true},
		{"one pair may match", val([]Part{text("a")}, []Part{text("c")}), val([]Part{text("c")}), false},
		{"dropped variants", approx, val([]Part{text("b")}), false},
		{"no value", Value{}, val([]Part{text("b")}), false},
	} {
		if got := Differ(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: Differ = %t, want %t", tc.name, got, tc.want)
		}
	}
}

func TestConstParts(t *testing.T) {
	v := Value{Variants: []Variant{
		{Parts: []Part{{Text: "order-"}, {Hole: &Hole{}}, {Text: "-x"}}},
		{Parts: []Part{{Text: "o-"}, {Hole: &Hole{}}}},
	}}
	if got := ConstParts(v); got != "o-" {
		t.Errorf("ConstParts = %q, want the fewest constant bytes, %q", got, "o-")
	}
	if got := v.Texts(); got != "order-{?}-x | o-{?}" {
		t.Errorf("Texts = %q", got)
	}
}
