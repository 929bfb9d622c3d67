package smtplookupa

import (
	"context"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// odataText doubles every quote of a value put into a filter literal.
func odataText(s string) string { return strings.ReplaceAll(s, "'", "''") }

// SenderKnown reports whether an envelope sender belongs to some alias:
// the relay checks the MAIL FROM address before it accepts a message.
// (added)
func (r *Resolver) SenderKnown(ctx context.Context, mailFrom string) (bool, error) {
	c, err := aztables.NewClient(r.tableURL, r.cred, nil)
	if err != nil {
		return false, err
	}
	f := "PartitionKey eq '" + odataText(r.partition) + "'" + // S
		" and from_email eq '" + odataText(mailFrom) + "'" // S
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Top: to.Ptr(int32(1))}) // L: TL303
	page, err := pager.NextPage(ctx)                                                                  // L: TL307
	if err != nil {
		return false, err
	}
	return len(page.Entities) > 0, nil
}
