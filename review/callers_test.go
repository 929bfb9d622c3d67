package review_test

import (
	"bytes"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/review"
)

// TestCallersIgnored: a query's callers (what tablelint extract lists)
// change no finding. Each example design is reviewed as loaded, then
// with callers on every query, encoded and loaded again: the same rules
// and messages (the lines differ, as the writer lays the file out).
func TestCallersIgnored(t *testing.T) {
	files, _ := filepath.Glob("../testdata/designs/*.yaml")
	if len(files) < 3 {
		t.Fatalf("found only %d designs", len(files))
	}
	findings := func(d *model.Design) []string {
		var out []string
		for _, it := range review.Review(d, review.Options{}).Items {
			out = append(out, it.Rule+" "+it.Message)
		}
		return out
	}
	for _, f := range files {
		d, err := model.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		want := findings(d)
		queries := 0
		for _, tb := range d.Tables {
			for _, q := range tb.Queries {
				q.Callers = []string{"api/handler.go:31 (Handler.List)", "cli/main.go:9 (main)"}
				queries++
			}
		}
		var b bytes.Buffer
		if err := model.Encode(&b, d, nil); err != nil {
			t.Fatal(err)
		}
		if queries > 0 && !bytes.Contains(b.Bytes(), []byte("callers:")) {
			t.Fatalf("%s: no callers written", f)
		}
		back, err := model.Parse(f, b.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if got := findings(back); !slices.Equal(got, want) {
			t.Errorf("%s: with callers:\n%q\nwithout:\n%q", f, got, want)
		}
	}
}
