// Package rangeprovider reads rows between two partition keys with the
// legacy storage API and follows every continuation.
package rangeprovider

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Bounds is a half-open PartitionKey range.
type Bounds struct{ From, To string }

// Provider wraps one legacy table.
type Provider struct{ T *storage.Table }

// Range reads every entity whose PartitionKey is in b.
func (p *Provider) Range(b Bounds) ([]*storage.Entity, error) {
	q := fmt.Sprintf("PartitionKey ge '%v' and PartitionKey lt '%v'", b.From, b.To) // L: TL321 TL321
	opts := storage.QueryOptions{Filter: q}                                         // L: TL301
	res, err := p.T.QueryEntities(30, storage.FullMetadata, &opts)
	if err != nil {
		return nil, err
	}
	out := append([]*storage.Entity{}, res.Entities...)
	for res.NextLink != nil {
		res, err = res.NextResults(nil)
		if err != nil {
			return nil, err
		}
		out = append(out, res.Entities...)
	}
	return out, nil
}
