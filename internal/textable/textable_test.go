package textable

import (
	"strings"
	"testing"
)

func TestStyle(t *testing.T) {
	var b strings.Builder
	tb := New(&b, []Align{Left, Right})
	tb.Header("NAME", "COUNT")
	if err := tb.Append("a", "1,000"); err != nil {
		t.Fatal(err)
	}
	if err := tb.Append("long name", "7"); err != nil {
		t.Fatal(err)
	}
	if err := tb.Render(); err != nil {
		t.Fatal(err)
	}
	want := `+-----------+-------+
| NAME      | COUNT |
+-----------+-------+
| a         | 1,000 |
| long name |     7 |
+-----------+-------+
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
