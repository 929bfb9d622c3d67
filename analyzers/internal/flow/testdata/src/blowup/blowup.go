// Package blowup holds shapes whose questions were exponential: checks
// that hand a value on to several others, level after level, and a
// field built from itself store after store.
package blowup

func sink(args ...any) {}

// A ladder of checks: each of a level's three hands the code on to all
// three of the next level, and none compares it with a constant, so
// every path of the ladder used to be walked (3^12 of them).
func a0(code string) bool  { return a1(code) && b1(code) && c1(code) }
func b0(code string) bool  { return a1(code) && b1(code) && c1(code) }
func c0(code string) bool  { return a1(code) && b1(code) && c1(code) }
func a1(code string) bool  { return a2(code) && b2(code) && c2(code) }
func b1(code string) bool  { return a2(code) && b2(code) && c2(code) }
func c1(code string) bool  { return a2(code) && b2(code) && c2(code) }
func a2(code string) bool  { return a3(code) && b3(code) && c3(code) }
func b2(code string) bool  { return a3(code) && b3(code) && c3(code) }
func c2(code string) bool  { return a3(code) && b3(code) && c3(code) }
func a3(code string) bool  { return a4(code) && b4(code) && c4(code) }
func b3(code string) bool  { return a4(code) && b4(code) && c4(code) }
func c3(code string) bool  { return a4(code) && b4(code) && c4(code) }
func a4(code string) bool  { return a5(code) && b5(code) && c5(code) }
func b4(code string) bool  { return a5(code) && b5(code) && c5(code) }
func c4(code string) bool  { return a5(code) && b5(code) && c5(code) }
func a5(code string) bool  { return a6(code) && b6(code) && c6(code) }
func b5(code string) bool  { return a6(code) && b6(code) && c6(code) }
func c5(code string) bool  { return a6(code) && b6(code) && c6(code) }
func a6(code string) bool  { return a7(code) && b7(code) && c7(code) }
func b6(code string) bool  { return a7(code) && b7(code) && c7(code) }
func c6(code string) bool  { return a7(code) && b7(code) && c7(code) }
func a7(code string) bool  { return a8(code) && b8(code) && c8(code) }
func b7(code string) bool  { return a8(code) && b8(code) && c8(code) }
func c7(code string) bool  { return a8(code) && b8(code) && c8(code) }
func a8(code string) bool  { return a9(code) && b9(code) && c9(code) }
func b8(code string) bool  { return a9(code) && b9(code) && c9(code) }
func c8(code string) bool  { return a9(code) && b9(code) && c9(code) }
func a9(code string) bool  { return a10(code) && b10(code) && c10(code) }
func b9(code string) bool  { return a10(code) && b10(code) && c10(code) }
func c9(code string) bool  { return a10(code) && b10(code) && c10(code) }
func a10(code string) bool { return a11(code) && b11(code) && c11(code) }
func b10(code string) bool { return a11(code) && b11(code) && c11(code) }
func c10(code string) bool { return a11(code) && b11(code) && c11(code) }
func a11(code string) bool { return len(code) > 11 }
func b11(code string) bool { return len(code) > 11 }
func c11(code string) bool { return len(code) > 11 }

func ladder(code string) {
	if a0(code) {
		sink(code) // want `^\{param0:code\}$`
	}
}

// A ladder whose last rung compares with a constant: a validator.
func va0(code string) bool  { return va1(code) && vb1(code) && vc1(code) }
func vb0(code string) bool  { return va1(code) && vb1(code) && vc1(code) }
func vc0(code string) bool  { return va1(code) && vb1(code) && vc1(code) }
func va1(code string) bool  { return va2(code) && vb2(code) && vc2(code) }
func vb1(code string) bool  { return va2(code) && vb2(code) && vc2(code) }
func vc1(code string) bool  { return va2(code) && vb2(code) && vc2(code) }
func va2(code string) bool  { return va3(code) && vb3(code) && vc3(code) }
func vb2(code string) bool  { return va3(code) && vb3(code) && vc3(code) }
func vc2(code string) bool  { return va3(code) && vb3(code) && vc3(code) }
func va3(code string) bool  { return va4(code) && vb4(code) && vc4(code) }
func vb3(code string) bool  { return va4(code) && vb4(code) && vc4(code) }
func vc3(code string) bool  { return va4(code) && vb4(code) && vc4(code) }
func va4(code string) bool  { return va5(code) && vb5(code) && vc5(code) }
func vb4(code string) bool  { return va5(code) && vb5(code) && vc5(code) }
func vc4(code string) bool  { return va5(code) && vb5(code) && vc5(code) }
func va5(code string) bool  { return va6(code) && vb6(code) && vc6(code) }
func vb5(code string) bool  { return va6(code) && vb6(code) && vc6(code) }
func vc5(code string) bool  { return va6(code) && vb6(code) && vc6(code) }
func va6(code string) bool  { return va7(code) && vb7(code) && vc7(code) }
func vb6(code string) bool  { return va7(code) && vb7(code) && vc7(code) }
func vc6(code string) bool  { return va7(code) && vb7(code) && vc7(code) }
func va7(code string) bool  { return va8(code) && vb8(code) && vc8(code) }
func vb7(code string) bool  { return va8(code) && vb8(code) && vc8(code) }
func vc7(code string) bool  { return va8(code) && vb8(code) && vc8(code) }
func va8(code string) bool  { return va9(code) && vb9(code) && vc9(code) }
func vb8(code string) bool  { return va9(code) && vb9(code) && vc9(code) }
func vc8(code string) bool  { return va9(code) && vb9(code) && vc9(code) }
func va9(code string) bool  { return va10(code) && vb10(code) && vc10(code) }
func vb9(code string) bool  { return va10(code) && vb10(code) && vc10(code) }
func vc9(code string) bool  { return va10(code) && vb10(code) && vc10(code) }
func va10(code string) bool { return va11(code) && vb11(code) && vc11(code) }
func vb10(code string) bool { return va11(code) && vb11(code) && vc11(code) }
func vc10(code string) bool { return va11(code) && vb11(code) && vc11(code) }
func va11(code string) bool { return code == "sku-11" }
func vb11(code string) bool { return code == "sku-11" }
func vc11(code string) bool { return code == "sku-11" }

func validated(code string) {
	if va0(code) {
		sink(code) // want `^\{param0:code/validated\}$`
	}
}

type label struct{ text string }

// compose appends to l.text again and again: each store's value loads
// the field the stores are followed for.
func compose(l *label, a, b string) {
	l.text = l.text + a + "0"
	l.text = l.text + b
	l.text = l.text + a + "2"
	l.text = l.text + b
	l.text = l.text + a + "4"
	l.text = l.text + b
	l.text = l.text + a + "6"
	l.text = l.text + b
	l.text = l.text + a + "8"
	l.text = l.text + b
	sink(l.text) // want `^\{\?:…\}\{param1:a\}0 \| \{\?:…\}\{param2:b\} \|`
}
