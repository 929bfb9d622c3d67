package vnetalloca

import (
	"github.com/Azure/azure-sdk-for-go/storage"
)

// legacyStore is the client the service used before the move to aztables.
type legacyStore struct {
	table *storage.Table
}

func newLegacyStore(account, key, table string) (*legacyStore, error) {
	c, err := storage.NewBasicClient(account, key)
	if err != nil {
		return nil, err
	}
	svc := c.GetTableService()
	return &legacyStore{table: svc.GetTableReference(table)}, nil
}

// put writes a whole allocation row, replacing what was there.
func (s *legacyStore) put(a Allocation) error {
	e := s.table.GetEntityReference(a.Subnet, a.Node)
	e.Properties = map[string]interface{}{
		PrimaryTokenIDPropertyName:   a.Primary,
		SecondaryTokenIDPropertyName: a.Secondary,
		VNETResourceGUIDPropertyName: a.VNET,
		AllocationBlockPrefixSize:    a.PrefixLen, // S
	}
	return e.InsertOrReplace(nil) // S
}

// get reads one row; the legacy decoder leaves the untyped prefix size a
// float64.
func (s *legacyStore) get(subnet, node string) (Allocation, error) {
	e := s.table.GetEntityReference(subnet, node)
	if err := e.Get(30, storage.FullMetadata, nil); err != nil {
		return Allocation{}, err
	}
	return fromProps(e.PartitionKey, e.RowKey, e.Properties), nil
}
