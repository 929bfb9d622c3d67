// Package cleankeys stores opaque blobs per partition; partition keys are
// cleaned down to letters and digits before they are used.
package cleankeys

import (
	"context"
	"fmt"
	"regexp"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

var notAlnum = regexp.MustCompile(`[^a-zA-Z0-9]+`)

func clean(s string) string { return notAlnum.ReplaceAllString(s, "") }

// Client is the storage used by the rest of the program.
type Client interface {
	ListAll(ctx context.Context, pk string) ([][]byte, error)
}

type tableClient struct{ c *aztables.Client }

// New returns the table-backed Client.
func New(c *aztables.Client) Client { return &tableClient{c: c} }

func (t *tableClient) ListAll(ctx context.Context, pk string) ([][]byte, error) {
	f := fmt.Sprintf("PartitionKey eq '%s'", clean(pk)) // S
	p := t.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	var all [][]byte
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return all, err
		}
		all = append(all, page.Entities...)
	}
	return all, nil
}

// Mine lists the caller's entries through the interface.
func Mine(ctx context.Context, c Client, user string) ([][]byte, error) {
	return c.ListAll(ctx, user) // S
}
