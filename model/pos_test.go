package model_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/model"
)

// TestFilterPositions checks that an offset in a filter maps to the right
// line and column of the YAML source whatever the scalar's style: the
// position of "Bad" (a property no entity declares) is reported.
func TestFilterPositions(t *testing.T) {
	head := `version: 1
tables:
  T:
    entities:
      E: {partitionKey: "{P}", rowKey: "r", properties: {P: {type: String, maxLength: 9}, Age: Int32}}
    queries:
`
	for _, c := range []struct {
		name  string
		query string
	}{
		{"plain", "      q: {filter: PartitionKey eq 'x' and Bad eq 1}\n"},
		{"double", "      q: {filter: \"PartitionKey eq 'x' and Bad eq 1\"}\n"},
		{"double escapes", "      q: {filter: \"PartitionKey eq '\\u00e9\\t' and Bad eq 1\"}\n"},
		{"single", "      q: {filter: 'PartitionKey eq ''x'' and Bad eq 1'}\n"},
		{"plain multi-line", "      q:\n        filter: PartitionKey eq 'x'\n          and Bad eq 1\n"},
		{"double multi-line", "      q:\n        filter: \"PartitionKey eq 'x'\n          and  Bad eq 1\"\n"},
		{"double escaped break", "      q:\n        filter: \"PartitionKey eq 'x' and \\\n          Bad eq 1\"\n"},
		{"folded", "      q:\n        filter: >-\n          PartitionKey eq 'x'\n          and Bad eq 1\n"},
		{"literal", "      q:\n        filter: |\n          PartitionKey eq 'x'\n          and Bad eq 1\n"},
		{"non-ASCII before", "      q: {filter: \"PartitionKey eq 'é€' and Bad eq 1\"}\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := model.Parse("p.yaml", []byte(head+c.query))
			if err == nil {
				t.Fatal("loaded; want an unknown property error")
			}
			// The expected position is where "Bad" is in the source.
			src := head + c.query
			i := strings.Index(src, "Bad")
			line := 1 + strings.Count(src[:i], "\n")
			col := i - strings.LastIndex(src[:i], "\n")
			want := fmt.Sprintf("p.yaml:%d:%d: ", line, col)
			if !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), `"Bad"`) {
				t.Errorf("got %q, want prefix %q", err, want)
			}
		})
	}
}
