package review_test

import (
	"strings"
	"testing"

	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/review"
)

// TestHotReads checks which queries of the hot-read design get TL501: the
// partition scan over the target, and none of those that stay silent.
func TestHotReads(t *testing.T) {
	d, err := model.Load("../testdata/designs/checks/hotread.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	rules := map[string]bool{}
	for _, it := range review.Review(d, review.Options{}).Items {
		rules[it.Rule] = true
		if it.Rule == "TL501" {
			got = append(got, it.Message)
			if it.Severity.String() != "warning" {
				t.Errorf("TL501 severity %s, want warning", it.Severity)
			}
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "query Orders.all reads ~4,000 entities/s from partition") {
		t.Errorf("TL501 findings %q, want one for Orders.all", got)
	}
	for _, id := range []string{"TL301", "TL303"} {
		if !rules[id] {
			t.Errorf("no %s finding: the design's silent cases are not what they claim", id)
		}
	}
	// A higher target silences it.
	for _, it := range review.Review(d, review.Options{PartitionRate: 5000}).Items {
		if it.Rule == "TL501" {
			t.Errorf("TL501 with a 5,000/s target: %s", it.Message)
		}
	}
}
