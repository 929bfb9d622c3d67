package streamd

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Trim deletes a shard's rows of one transaction number up to seq
// (added): it reads pages of 100 and stops at the first shorter page.
func (l *Log) Trim(ctx context.Context, stream, shard string, txn, seq uint64) (int, error) {
	pk := tuple(tagData, tagShard, stream, shard, txn)
	q := "PartitionKey eq '" + pk + "' and RowKey le '" + last(seq) + "'" // S
	const pageSize = 100
	top := int32(pageSize)
	p := l.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &q, // S
		Top:    &top,
	})
	n := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		for _, raw := range page.Entities {
			var r row
			if err := json.Unmarshal(raw, &r); err != nil {
				return n, err
			}
			if _, err := l.c.DeleteEntity(ctx, pk, r.RowKey, nil); err != nil { // L: TL406
				return n, err
			}
			n++
		}
		if len(page.Entities) < pageSize { // L: TL308
			break
		}
	}
	return n, nil
}
