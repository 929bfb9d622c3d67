// Package tenantsd keeps the customer tenants of a partner-management API in
// one table (aztables).
package tenantsd

import (
	"context"
	"encoding/json"
	"log"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const tenantsTable = "Tenants"

// Tenant is one customer tenant as the API returns it.
type Tenant struct {
	CustomerID        string    `json:"CustomerId"`
	DisplayName       string    `json:"DisplayName"`
	DefaultDomain     string    `json:"DefaultDomainName"`
	InitialDomain     string    `json:"InitialDomainName"`
	Domains           string    `json:"Domains"`
	DelegatedStatus   string    `json:"DelegatedPrivilegeStatus"`
	Excluded          bool      `json:"Excluded"`
	ExcludedBy        string    `json:"ExcludeUser"`
	GraphErrors       int       `json:"GraphErrorCount"`
	LastGraphError    string    `json:"LastGraphError"`
	LastRefresh       time.Time `json:"LastRefresh"`
	NeedsRefresh      bool      `json:"RequiresRefresh"`
	RelationshipCount int       `json:"RelationshipCount"`
	RelationshipEnd   time.Time `json:"RelationshipEnd"`
	AutoExtend        bool      `json:"HasAutoExtend"`
}

// TenantStore is the repository the API's handlers use.
type TenantStore struct {
	svc *aztables.ServiceClient
	tbl *aztables.Client
}

// NewTenantStore starts from an empty table on every start.
func NewTenantStore(svc *aztables.ServiceClient) *TenantStore {
	ctx := context.TODO()
	_, _ = svc.DeleteTable(ctx, tenantsTable, nil)
	if _, err := svc.CreateTable(ctx, tenantsTable, nil); err != nil { // L: TL104
		log.Printf("tenants: create table: %v", err)
	}
	return &TenantStore{svc: svc, tbl: svc.NewClient(tenantsTable)}
}

// All reads every tenant, a hundred a page.
func (s *TenantStore) All(ctx context.Context) ([]Tenant, error) {
	pager := s.tbl.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: to.Ptr(int32(100))}) // L: TL301
	var out []Tenant
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var t Tenant
			if err := json.Unmarshal(raw, &t); err != nil {
				return nil, err
			}
			out = append(out, t)
		}
	}
	return out, nil
}

// Add stores a tenant in the one tenants partition.
func (s *TenantStore) Add(ctx context.Context, t Tenant) error {
	props := map[string]any{
		"CustomerId":               t.CustomerID,
		"DisplayName":              t.DisplayName,
		"DefaultDomainName":        t.DefaultDomain,
		"InitialDomainName":        t.InitialDomain,
		"Domains":                  t.Domains,
		"DelegatedPrivilegeStatus": t.DelegatedStatus,
		"Excluded":                 t.Excluded,
		"ExcludeUser":              t.ExcludedBy,
		"GraphErrorCount":          t.GraphErrors,
		"LastGraphError":           t.LastGraphError,
		"LastRefresh":              aztables.EDMDateTime(t.LastRefresh), // S
		"RequiresRefresh":          t.NeedsRefresh,
		"RelationshipCount":        t.RelationshipCount,
		"RelationshipEnd":          aztables.EDMDateTime(t.RelationshipEnd), // L: TL124
		"HasAutoExtend":            t.AutoExtend,
	}
	ent := aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: "tenants"}, // S
		Properties: props,
	}
	body, err := json.Marshal(ent)
	if err != nil {
		return err
	}
	_, err = s.tbl.AddEntity(ctx, body, nil)
	return err
}
