// Package injectescaper: a helper that writes every quote of its
// argument twice escapes it, whatever it is called; one that copies the
// characters as they are does not.
package injectescaper

import (
	"context"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type shop struct{ tc *aztables.Client }

// lit doubles each quote while copying the bytes.
func lit(v string) string {
	b := make([]byte, 0, len(v)+2)
	for k := 0; k < len(v); k++ {
		switch v[k] {
		case '\'':
			b = append(b, v[k], '\'')
		default:
			b = append(b, v[k])
		}
	}
	return string(b)
}

// lit2 copies the bytes as they are.
func lit2(v string) string {
	b := make([]byte, 0, len(v))
	for k := 0; k < len(v); k++ {
		b = append(b, v[k])
	}
	return string(b)
}

// Silent: lit doubles the quotes.
func (s *shop) Aisle(ctx context.Context, aisle string) {
	f := fmt.Sprintf("PartitionKey eq '%s'", lit(aisle))
	s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// Reported: lit2 only copies.
func (s *shop) Bay(ctx context.Context, bay string) {
	f := fmt.Sprintf("PartitionKey eq '%s'", lit2(bay)) // want `TL321`
	s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}
