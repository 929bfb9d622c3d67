package zbxtableb

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// flatSample is the row with fixed-width keys and the lists joined into
// strings (added twin of sampleRow).
type flatSample struct {
	aztables.Entity
	Host   string
	Item   string
	Groups string // S
	Labels string // S
	Value  string
	At     int64
}

// SaveSamplesFlat writes the values of one item as fixed-width rows, a
// transaction of at most 100 per call (added).
func (t *Target) SaveSamplesFlat(ctx context.Context, item int64, in []Sample) error {
	for start := 0; start < len(in); start += 100 {
		end := start + 100
		if end > len(in) {
			end = len(in)
		}
		var acts []aztables.TransactionAction
		for _, s := range in[start:end] {
			tags, _ := json.Marshal(s.Labels)
			if len(tags) > 16<<10 {
				return fmt.Errorf("item %d: tags too long", item)
			}
			row := flatSample{
				Entity: aztables.Entity{
					PartitionKey: fmt.Sprintf("%012d", item),               // S
					RowKey:       fmt.Sprintf("%011d.%09d", s.Clock, s.Ns), // S
				},
				Item:   s.Name,
				Groups: strings.Join(s.Groups, ","),
				Labels: string(tags),
				Value:  fmt.Sprint(s.Value),
				At:     s.Clock,
			}
			if s.Host != nil {
				row.Host = s.Host.Tech
			}
			b, err := json.Marshal(row)
			if err != nil {
				return err
			}
			acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
		}
		if _, err := t.samples.SubmitTransaction(ctx, acts, nil); err != nil { // S
			return err
		}
	}
	return nil
}
