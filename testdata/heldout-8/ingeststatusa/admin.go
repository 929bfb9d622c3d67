package ingeststatusa

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// ByDatabase (added) lists the status rows of one database: a filter on a
// property only, the database name pasted in as given.
func (s *StatusTable) ByDatabase(ctx context.Context, db string) ([]map[string]any, error) {
	f := "Database eq '" + db + "'"                                               // L: TL321
	pager := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL301
	var rows []map[string]any
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			m := map[string]any{}
			if err := json.Unmarshal(raw, &m); err != nil {
				return nil, err
			}
			rows = append(rows, m)
		}
	}
	return rows, nil
}

// FailedRows (added) is the partition-pinned twin: one source's rows in a
// failed state, the source id escaped.
func (s *StatusTable) FailedRows(ctx context.Context, sourceID string) (int, error) {
	f := "PartitionKey eq '" + strings.ReplaceAll(sourceID, "'", "''") + "' and Status eq 'Failed'" // S
	pager := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})                   // L: TL303
	n := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return 0, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// PurgeSucceeded (added) finds finished rows by their status across the
// table and deletes each one by its keys.
func (s *StatusTable) PurgeSucceeded(ctx context.Context) error {
	f := "Status eq 'Succeeded'"
	pager := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL301 TL313
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var k aztables.Entity
			if err := json.Unmarshal(raw, &k); err != nil {
				return err
			}
			if _, err := s.tc.DeleteEntity(ctx, k.PartitionKey, k.RowKey, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// Override (added) sets a row's status by hand: read, change, write back
// with no condition.
func (s *StatusTable) Override(ctx context.Context, sourceID string, to Phase) error {
	resp, err := s.tc.GetEntity(ctx, sourceID, nilRow, nil)
	if err != nil {
		return err
	}
	row := map[string]any{}
	if err := json.Unmarshal(resp.Value, &row); err != nil {
		return err
	}
	row["Status"] = string(to)
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = s.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // L: TL414
	return err
}

// OverrideIfUnchanged (added) is Override's twin, conditional on the read.
func (s *StatusTable) OverrideIfUnchanged(ctx context.Context, sourceID string, to Phase) error {
	resp, err := s.tc.GetEntity(ctx, sourceID, nilRow, nil)
	if err != nil {
		return err
	}
	row := map[string]any{}
	if err := json.Unmarshal(resp.Value, &row); err != nil {
		return err
	}
	row["Status"] = string(to)
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = s.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge, IfMatch: &resp.ETag}) // S
	return err
}

const nilRow = "00000000-0000-0000-0000-000000000000"
