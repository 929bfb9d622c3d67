package flow_test

import (
	"go/token"
	"testing"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
)

// TestLenRange: the lengths a guard on len(x) lets through, on either
// branch and with the constant on either side, and NonEmptyWhen as the
// part of it that says "x has elements".
func TestLenRange(t *testing.T) {
	for _, c := range []struct {
		op             token.Token
		k              int64
		lenLeft, holds bool
		least, most    int64
		nonEmpty       bool
	}{
		{token.GTR, 100, true, true, 101, -1, true},  // len(x) > 100
		{token.GTR, 100, true, false, 0, 100, true},  // else branch: at most 100
		{token.GTR, 0, true, true, 1, -1, true},      // len(x) > 0
		{token.LEQ, 100, true, true, 0, 100, false},  // len(x) <= 100
		{token.LSS, 100, false, true, 101, -1, true}, // 100 < len(x)
		{token.LSS, 100, true, true, 0, 99, false},   // len(x) < 100
		{token.GEQ, 1, true, true, 1, -1, true},      // len(x) >= 1
		{token.GEQ, 1, false, false, 2, -1, false},   // !(1 >= len(x)): the else branch of 1 >= len(x)
		{token.NEQ, 0, true, true, 1, -1, true},      // len(x) != 0
		{token.NEQ, 5, true, true, 0, -1, false},     // len(x) != 5: no bound
		{token.EQL, 0, true, false, 1, -1, false},    // else branch of len(x) == 0
		{token.EQL, 3, true, true, 3, 3, true},       // len(x) == 3
		{token.LSS, 0, true, true, 0, -1, false},     // len(x) < 0: nothing, as an empty range
		{token.GTR, -1, true, true, 0, -1, false},    // len(x) > -1: everything
	} {
		least, most, ok := flow.LenRange(c.op, c.k, c.lenLeft, c.holds)
		if !ok || least != c.least || most != c.most {
			t.Errorf("LenRange(%v, %d, lenLeft=%v, holds=%v) = [%d, %d] %v, want [%d, %d]", c.op, c.k, c.lenLeft, c.holds, least, most, ok, c.least, c.most)
		}
		if c.holds {
			if got := flow.NonEmptyWhen(c.op, c.k, c.lenLeft); got != c.nonEmpty {
				t.Errorf("NonEmptyWhen(%v, %d, lenLeft=%v) = %v, want %v", c.op, c.k, c.lenLeft, got, c.nonEmpty)
			}
		}
	}
	if _, _, ok := flow.LenRange(token.ADD, 1, true, true); ok {
		t.Errorf("LenRange(+) is not a guard")
	}
}
