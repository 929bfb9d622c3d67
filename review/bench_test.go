package review_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/review"
)

// bigDesign returns a design with 50 tables, each with two entity types of
// ten properties and four queries (one of each plan kind): 200 queries.
func bigDesign() []byte {
	var b strings.Builder
	b.WriteString("version: 1\ntables:\n")
	for t := range 50 {
		fmt.Fprintf(&b, `  Table%02d:
    entities:
      Item:
        partitionKey: "{Tenant}"
        rowKey: "item_{ItemId:%%010d}"
        properties:
          Tenant: {type: String, maxLength: 36, cardinality: 1000}
          ItemId: {type: Int64, cardinality: 1000000}
          Name: {type: String, maxLength: 100, cardinality: 1000000}
          Price: Double
          Stock: Int32
          Created: DateTime
          Owner: Guid
          Active: Boolean
          Notes: {type: String, maxLength: 2000}
          Thumb: {type: Binary, maxBytes: 8000}
        count: 1000000
        writes: 50/s
      ItemByName:
        partitionKey: "{Tenant}"
        rowKey: "name_{Name}"
        properties: {ItemId: Int64}
        count: 1000000
    queries:
      byId: {filter: "PartitionKey eq '{Tenant}' and RowKey eq 'item_{ItemId:%%010d}'", rate: 100/s}
      page: {filter: "PartitionKey eq '{Tenant}' and RowKey ge 'item_0000000100' and RowKey lt 'item_0000000200'", rate: 10/s, top: 100}
      cheap: {filter: "PartitionKey eq '{Tenant}' and Price lt 10.0 and Active eq true", rate: 1/s}
      old: {filter: "Created lt datetime'2020-01-01T00:00:00Z' or (Stock eq 0 and Owner eq guid'00000000-0000-0000-0000-00000000000%d')", rate: 1/h}
    transactions:
      add: [Item, ItemByName]
`, t, t%10)
	}
	return []byte(b.String())
}

// BenchmarkReview reviews a loaded 50-table, 200-query design.
func BenchmarkReview(b *testing.B) {
	d, err := model.Parse("big.yaml", bigDesign())
	if err != nil {
		b.Fatal(err)
	}
	if n := countQueries(d); n != 200 {
		b.Fatalf("%d queries", n)
	}
	b.ReportAllocs()
	for b.Loop() {
		review.Review(d, review.Options{})
	}
}

// BenchmarkLoadAndReview parses and reviews the design: what `tablelint
// review` does per file, besides printing. The target is under 50 ms.
func BenchmarkLoadAndReview(b *testing.B) {
	src := bigDesign()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		d, err := model.Parse("big.yaml", src)
		if err != nil {
			b.Fatal(err)
		}
		review.Review(d, review.Options{})
	}
}

func countQueries(d *model.Design) int {
	n := 0
	for _, t := range d.Tables {
		n += len(t.Queries)
	}
	return n
}
