// Package rangeread reads a range of partitions of a time-series table
// (legacy storage API).
package rangeread

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Range is [Ge, Lt) over partition keys.
type Range struct{ Ge, Lt string }

// Provider wraps the table.
type Provider struct{ Table *storage.Table }

// Read returns every row of the range.
func (p *Provider) Read(r Range) ([]*storage.Entity, error) {
	var all []*storage.Entity
	filter := fmt.Sprintf("PartitionKey ge '%v' and PartitionKey lt '%v'", r.Ge, r.Lt) // L: TL321 TL321
	opts := storage.QueryOptions{Filter: filter}                                       // L: TL301
	res, err := p.Table.QueryEntities(30, storage.FullMetadata, &opts)
	if err != nil {
		return nil, err
	}
	all = append(all, res.Entities...)
	for res.NextLink != nil {
		if res, err = res.NextResults(nil); err != nil {
			return nil, err
		}
		all = append(all, res.Entities...)
	}
	return all, nil
}
