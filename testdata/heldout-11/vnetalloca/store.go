package vnetalloca

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// Store is the aztables client the service moved to.
type Store struct {
	rows *aztables.Client
}

// NewStore connects to the allocation table with a token credential.
func NewStore(serviceURL string, cred interface{ GetToken() }) (*Store, error) {
	svc, err := aztables.NewServiceClient(serviceURL, cred, nil)
	if err != nil {
		return nil, err
	}
	return &Store{rows: svc.NewClient("allocations")}, nil
}

func toEntity(a Allocation) aztables.EDMEntity {
	return aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: a.Subnet, RowKey: a.Node}, // S
		Properties: map[string]any{
			PrimaryTokenIDPropertyName:   a.Primary,
			SecondaryTokenIDPropertyName: a.Secondary,
			VNETResourceGUIDPropertyName: a.VNET,
			AllocationBlockPrefixSize:    a.PrefixLen, // S
		},
	}
}

// Save writes a whole allocation row.
func (s *Store) Save(ctx context.Context, a Allocation) error {
	body, err := json.Marshal(toEntity(a))
	if err != nil {
		return err
	}
	_, err = s.rows.UpsertEntity(ctx, body, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}

// Load reads one allocation; the prefix size comes back an int32.
func (s *Store) Load(ctx context.Context, subnet, node string) (Allocation, error) {
	resp, err := s.rows.GetEntity(ctx, subnet, node, nil)
	if err != nil {
		return Allocation{}, err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return Allocation{}, err
	}
	return fromProps(e.PartitionKey, e.RowKey, e.Properties), nil
}

// Rotate makes the primary token the secondary one and installs a new
// primary token. (added)
func (s *Store) Rotate(ctx context.Context, subnet, node, token string) error {
	resp, err := s.rows.GetEntity(ctx, subnet, node, nil)
	if err != nil {
		return err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return err
	}
	e.Properties[SecondaryTokenIDPropertyName] = e.Properties[PrimaryTokenIDPropertyName]
	e.Properties[PrimaryTokenIDPropertyName] = token
	body, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = s.rows.UpsertEntity(ctx, body, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // L: TL414
	return err
}

// Migrate copies every row the legacy client wrote into the new table,
// converting each through Allocation so the prefix size is written from a Go
// int. (added)
func Migrate(ctx context.Context, old *legacyStore, to *Store) (int, error) {
	res, err := old.table.QueryEntities(30, storage.MinimalMetadata, nil) // L: TL301
	n := 0
	for err == nil {
		for _, e := range res.Entities {
			if err := to.Save(ctx, fromProps(e.PartitionKey, e.RowKey, e.Properties)); err != nil { // S
				return n, err
			}
			n++
		}
		if res.NextLink == nil {
			return n, nil
		}
		res, err = res.NextResults(nil) // S
	}
	return n, err
}
