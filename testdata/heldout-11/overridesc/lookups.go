package overridesc

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// gather reads pages until the pager is done or max rows (max > 0) are
// held, decoding each row.
func gather(ctx context.Context, p *runtime.Pager[aztables.ListEntitiesResponse], max int) ([]overrideRow, error) {
	var rows []overrideRow
	for p.More() {
		page, err := p.NextPage(ctx) // S
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row overrideRow
			if err := json.Unmarshal(raw, &row); err != nil {
				return nil, err
			}
			rows = append(rows, row)
			if max > 0 && len(rows) >= max {
				return rows, nil
			}
		}
	}
	return rows, nil
}

// ByID finds an override by its generated ID, which is neither key.
func (r *Repo) ByID(ctx context.Context, id string) (*Override, error) {
	expr := "ID eq '" + id + "'" // L: TL321
	one := int32(1)
	pager := r.table.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &expr, // L: TL301
		Top:    &one,
	})
	rows, err := gather(ctx, pager, 1)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, ErrNotFound
	}
	o := rows[0].model()
	return &o, nil
}

// Remove deletes by ID: the row's keys come from the lookup.
func (r *Repo) Remove(ctx context.Context, id string) error {
	o, err := r.ByID(ctx, id) // S
	if err != nil {
		return err
	}
	_, err = r.table.DeleteEntity(ctx, o.InstanceID, o.ChartID, nil)
	return err
}

// ForInstance lists the overrides of one stack instance.
func (r *Repo) ForInstance(ctx context.Context, instanceID string) ([]Override, error) {
	expr := "PartitionKey eq '" + instanceID + "'" // L: TL321
	pager := r.table.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &expr, // S
	})
	rows, err := gather(ctx, pager, 0)
	if err != nil {
		return nil, err
	}
	out := make([]Override, 0, len(rows))
	for _, row := range rows {
		out = append(out, row.model())
	}
	return out, nil
}
