package cfgtokena

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// setting is a stored configuration value.
type setting struct {
	aztables.Entity
	Value   string `json:"value"`
	Version int32  `json:"version"`
}

// Siblings lists the settings of the placeholder's partition whose row
// names start with prefix: the partition goes in as written in the
// configuration file, the prefix is escaped.
func (r *Resolver) Siblings(ctx context.Context, prefix string) (map[string]string, error) {
	pk, _, err := splitKeys(r.locate)
	if err != nil {
		return nil, err
	}
	p := strings.ReplaceAll(prefix, "'", "''")
	filter := "PartitionKey eq '" + pk + "'" + // L: TL321
		" and RowKey ge '" + p + "' and RowKey lt '" + p + "~'" // S
	pager := r.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // S
	out := map[string]string{}
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var s setting
			if err := json.Unmarshal(raw, &s); err != nil {
				return nil, err
			}
			out[s.RowKey] = s.Value
		}
	}
	return out, nil
}

// WhereUsed finds which placeholders resolve to a given value, for an
// audit: the value is escaped, but no partition is named and only the
// first page is looked at.
func (r *Resolver) WhereUsed(ctx context.Context, value string) ([]string, error) {
	filter := "value eq '" + strings.ReplaceAll(value, "'", "''") + "'"                    // S
	pager := r.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // L: TL301
	page, err := pager.NextPage(ctx)                                                       // L: TL307
	if err != nil {
		return nil, err
	}
	var names []string
	for _, raw := range page.Entities {
		var s setting
		if err := json.Unmarshal(raw, &s); err == nil {
			names = append(names, s.PartitionKey+"/"+s.RowKey)
		}
	}
	return names, nil
}

// Rotate replaces the stored value and bumps its version: the row is read,
// changed and upserted, which never sends the read's ETag.
func (r *Resolver) Rotate(ctx context.Context, next string) error {
	pk, rk, err := splitKeys(r.locate)
	if err != nil {
		return err
	}
	resp, err := r.client.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var s setting
	if err := json.Unmarshal(resp.Value, &s); err != nil {
		return err
	}
	s.Value = next
	s.Version++
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	_, err = r.client.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{ETag: resp.ETag}) // L: TL414
	return err
}

// RotateIfUnchanged is Rotate's twin: the write carries the read's ETag.
func (r *Resolver) RotateIfUnchanged(ctx context.Context, next string) error {
	pk, rk, err := splitKeys(r.locate)
	if err != nil {
		return err
	}
	resp, err := r.client.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var s setting
	if err := json.Unmarshal(resp.Value, &s); err != nil {
		return err
	}
	s.Value = next
	s.Version++
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	_, err = r.client.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag, UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}
