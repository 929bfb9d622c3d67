package exec

import (
	"testing"

	"github.com/tablelint/tablelint/engine/store"
	"github.com/tablelint/tablelint/odata"
)

// FuzzPrepare checks that a filter prepared and run by an executor that
// has already prepared another filter (often of the same shape, so that
// odata's shape cache answers) behaves exactly as the same filter parsed
// and compiled directly: same validity, same plan, same matches in the
// same order.
func FuzzPrepare(f *testing.F) {
	for _, pair := range [][2]string{
		{"PartitionKey eq 'p' and N gt 5", "PartitionKey eq 'r' and N gt -7"},
		{"X eq 'a''b' or not (D le 2.5)", "X eq '' or not (D le 1e3)"},
		{"T ge datetime'2024-01-01T00:00:00Z' and G eq guid'00000000-0000-0000-0000-000000000000'", "T ge datetime'2024-13-01T00:00:00Z' and G eq guid'0'"},
		{"L eq 5L and Y eq X'0102' and B eq true", "L eq 99999999999999999999L and Y eq X'0' and B eq false"},
		{"N eq 5", "N eq 5abc"},
		{"RowKey gt '😀'", "RowKey gt '\ue000'"},
	} {
		f.Add(pair[0], pair[1])
	}
	tb := semanticTable(f)
	f.Fuzz(func(t *testing.T, first, second string) {
		x := New(Options{})
		x.Prepare(first)
		got, gotErr := x.Prepare(second)
		pf, wantErr := odata.Parse(second)
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("%q after %q: cached error %v, parser error %v", second, first, gotErr, wantErr)
		}
		if wantErr != nil {
			return
		}
		want := Compile(pf)
		if got.Plan.Kind != want.Plan.Kind {
			t.Fatalf("%q: cached plan %v, direct %v", second, got.Plan.Kind, want.Plan.Kind)
		}
		r, _ := x.All(tb, Query{Filter: second}, 0)
		n := 0
		tb.AscendAll(func(e *store.Entity) bool {
			if want.Match(e) {
				if n >= len(r.Entities) || !sameEntity(r.Entities[n], e) {
					t.Fatalf("%q: cached execution differs from direct evaluation at %s/%s", second, e.PartitionKey, e.RowKey)
				}
				n++
			}
			return true
		})
		if n != len(r.Entities) {
			t.Fatalf("%q: cached returned %d, direct %d", second, len(r.Entities), n)
		}
	})
}

// sameEntity reports whether a and b are the same stored entity: reads
// build a new *Entity each time, so pointers differ.
func sameEntity(a, b *store.Entity) bool {
	return a.PartitionKey == b.PartitionKey && a.RowKey == b.RowKey && a.Ticks() == b.Ticks()
}
