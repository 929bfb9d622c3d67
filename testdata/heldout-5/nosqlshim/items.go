package nosqlshim

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Put writes an item; the partition and sort attributes become the keys.
func (b *Backend) Put(ctx context.Context, table string, attrs map[string]Value) error {
	s, err := b.Schema(ctx, table)
	if err != nil {
		return err
	}
	out := map[string]any{"PartitionKey": keyText(attrs[s.PartKey]), "RowKey": "_:none"}
	if s.SortKey != "" {
		out["RowKey"] = keyText(attrs[s.SortKey])
	}
	for name, v := range attrs {
		if name != s.PartKey && name != s.SortKey {
			setAttr(out, name, v)
		}
	}
	body, _ := json.Marshal(out)
	_, err = b.svc.NewClient(table).UpsertEntity(ctx, body, nil)
	return err
}

// Query reads one partition, optionally by sort-key prefix, escaped.
func (b *Backend) Query(ctx context.Context, table string, part Value, sortPrefix string, limit int) ([]json.RawMessage, error) {
	f := "PartitionKey eq " + quote(keyText(part)) // S
	if sortPrefix != "" {
		f += " and RowKey ge " + quote("s:"+sortPrefix) + " and RowKey lt " + quote("s:"+sortPrefix+"\uffff") // S
	}
	opts := &aztables.ListEntitiesOptions{Filter: &f}
	if limit > 0 {
		top := int32(limit)
		opts.Top = &top
	}
	pager := b.svc.NewClient(table).NewListEntitiesPager(opts) // S
	var out []json.RawMessage
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			out = append(out, raw)
			if limit > 0 && len(out) >= limit {
				return out, nil
			}
		}
	}
	return out, nil
}

// Scan reads the whole table up to limit items.
func (b *Backend) Scan(ctx context.Context, table string, limit int) (int, error) {
	opts := &aztables.ListEntitiesOptions{}
	if limit > 0 {
		top := int32(limit)
		opts.Top = &top
	}
	pager := b.svc.NewClient(table).NewListEntitiesPager(opts) // L: TL301
	n := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
		if limit > 0 && n >= limit {
			break
		}
	}
	return n, nil
}

// Drop deletes a table, refusing when it still holds items unless forced.
func (b *Backend) Drop(ctx context.Context, table string, force bool) error {
	tc := b.svc.NewClient(table)
	if !force {
		one := int32(1)
		probe := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: &one}) // L: TL301
		page, err := probe.NextPage(ctx)                                           // L: TL307
		if err != nil {
			return err
		}
		if len(page.Entities) > 0 {
			return errNotEmpty
		}
	} else {
		drain := tc.NewListEntitiesPager(nil) // L: TL301
		for drain.More() {
			page, err := drain.NextPage(ctx)
			if err != nil {
				return err
			}
			for _, raw := range page.Entities {
				var e aztables.Entity
				if json.Unmarshal(raw, &e) == nil {
					_, _ = tc.DeleteEntity(ctx, e.PartitionKey, e.RowKey, nil) // S
				}
			}
		}
	}
	if _, err := b.svc.DeleteTable(ctx, table, nil); err != nil {
		return err
	}
	_, _ = b.svc.NewClient(schemaTable).DeleteEntity(ctx, schemaPart, table, nil)
	return nil
}
