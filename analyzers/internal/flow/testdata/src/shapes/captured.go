package shapes

import "strings"

// Parameters captured by function literals: the literal reads what the
// enclosing function's callers pass, by value or through the variable's
// address, and a helper that fills its result inside a literal is
// summarised in terms of its own parameter.

func attempt(op func() error) error { return op() }

func capturedValue(cond string) {
	_ = attempt(func() error {
		sink(cond) // want `^Colour eq 'red' \| Colour eq 'blue'$`
		return nil
	})
}

func capturedAddress(cond string) {
	_ = attempt(func() error {
		p := &cond
		sink(*p) // want `^Size gt 3$`
		return nil
	})
}

// CapturedExported: callers are not all visible; a Param hole of the
// enclosing function, not of the literal.
func CapturedExported(n int, cond string) {
	_ = attempt(func() error {
		sink("(" + cond + ")") // want `^\(\{param1:cond\}\)$`
		return nil
	})
}

func filled(id string) (out string) {
	_ = attempt(func() error {
		out = "RowKey eq '" + id + "'"
		return nil
	})
	return out
}

func captureCallers() {
	capturedValue("Colour eq 'red'")
	capturedValue("Colour eq 'blue'")
	capturedAddress("Size gt 3")
	sink(filled("r7")) // want `^RowKey eq 'r7'$`
}

// indexJoined: clauses assigned by index into a slice made to size:
// the separator joins elements of the same shape.
func indexJoined(ids []string) {
	terms := make([]string, len(ids))
	for i, id := range ids {
		terms[i] = "K eq '" + id + "'"
	}
	sink(strings.Join(terms, " or ")) // want `^K eq '\{param0:ids\}' or K eq '\{param0:ids\}' …$`
}

// fixedJoined: two slots filled by constant index.
func fixedJoined(a string) {
	terms := make([]string, 2)
	terms[1] = "B eq 2"
	terms[0] = "A eq '" + a + "'"
	sink(strings.Join(terms, " and ")) // want `^A eq '\{param0:a\}' and B eq 2$`
}

// filledElsewhere: a helper may write any element: not followed.
func filledElsewhere(n int, fill func([]string)) {
	terms := make([]string, n)
	fill(terms)
	sink(strings.Join(terms, " or ")) // want `^\{\?\} …$|^\{\?\}$`
}
