package tenantsd

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Contract is one customer as the partner directory lists it.
type Contract struct {
	CustomerID    string
	DisplayName   string
	DefaultDomain string
}

// ImportDirect adds customers added directly, which have no delegated
// relationship and so no relationship end. (added)
func (s *TenantStore) ImportDirect(ctx context.Context, cs []Contract) error {
	for _, c := range cs {
		t := Tenant{
			CustomerID:      c.CustomerID,
			DisplayName:     c.DisplayName,
			DefaultDomain:   c.DefaultDomain,
			DelegatedStatus: "directTenant",
			LastRefresh:     time.Now().UTC(),
		}
		if err := s.Add(ctx, t); err != nil {
			return err
		}
	}
	return nil
}

// RecordGraphError finds the tenant by its customer id inside the tenants
// partition and bumps its error count with a blind merge. (added)
func (s *TenantStore) RecordGraphError(ctx context.Context, customerID, msg string) error {
	filter := "PartitionKey eq 'tenants' and CustomerId eq '" + customerID + "'"        // L: TL321
	pager := s.tbl.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // L: TL303 TL313
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var row map[string]any
			if err := json.Unmarshal(raw, &row); err != nil {
				return err
			}
			n, _ := row["GraphErrorCount"].(float64)
			row["GraphErrorCount"] = int(n) + 1
			row["LastGraphError"] = msg
			body, err := json.Marshal(row)
			if err != nil {
				return err
			}
			if _, err := s.tbl.UpdateEntity(ctx, body, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge}); err != nil { // L: TL414
				return err
			}
		}
	}
	return nil
}

// ClearGraphErrors is RecordGraphError's twin: the id is escaped and each
// merge is conditional on the ETag the listing returned. (added)
func (s *TenantStore) ClearGraphErrors(ctx context.Context, customerID string) error {
	filter := "PartitionKey eq 'tenants' and CustomerId eq '" + strings.ReplaceAll(customerID, "'", "''") + "'" // S
	pager := s.tbl.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})                         // L: TL303 TL313
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var row map[string]any
			if err := json.Unmarshal(raw, &row); err != nil {
				return err
			}
			tag, _ := row["odata.etag"].(string)
			etag := azcore.ETag(tag)
			row["GraphErrorCount"] = 0
			row["LastGraphError"] = ""
			body, err := json.Marshal(row)
			if err != nil {
				return err
			}
			if _, err := s.tbl.UpdateEntity(ctx, body, &aztables.UpdateEntityOptions{IfMatch: &etag, UpdateMode: aztables.UpdateModeMerge}); err != nil { // S
				return err
			}
		}
	}
	return nil
}
