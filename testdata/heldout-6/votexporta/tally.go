package votexporta

import (
	"context"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Wins counts the votes a session won; the session id comes from the
// tool's command line. (added)
func Wins(ctx context.Context, votes *aztables.Client, session string) (int, error) {
	f := "WinnerSessionId eq '" + session + "'"                                                                                        // L: TL321
	pager := votes.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Select: to.Ptr("RowKey"), Top: to.Ptr(int32(1000))}) // L: TL301
	page, err := pager.NextPage(ctx)                                                                                                   // L: TL307
	if err != nil {
		return 0, err
	}
	return len(page.Entities), nil
}

// Losses counts the votes a session lost, every page, quotes doubled.
// (added)
func Losses(ctx context.Context, votes *aztables.Client, session string) (int, error) {
	f := "LoserSessionId eq '" + strings.ReplaceAll(session, "'", "''") + "'"                                // S
	pager := votes.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Select: to.Ptr("RowKey")}) // L: TL301
	n := 0
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return 0, err
		}
		n += len(page.Entities)
	}
	return n, nil
}
