package shortpage

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Pages is the pager behind an interface, so that a test can fake it.
type Pages interface {
	More() bool
	NextPage(ctx context.Context) (aztables.ListEntitiesResponse, error)
}

func restock(ctx context.Context, p Pages) (n int, err error) {
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
		if len(page.Entities) < 200 { // want `TL308: paging stops on a short page`
			return n, nil
		}
	}
	return n, nil
}

// Silent: every page is read until More says none is left.
func drain(ctx context.Context, p Pages) (n int, err error) {
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// Silent: another interface's pages (not the entities pager's).
type Lines interface {
	More() bool
	NextPage(ctx context.Context) ([]string, error)
}

func lines(ctx context.Context, p Lines) (n int, err error) {
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page)
		if len(page) < 200 {
			return n, nil
		}
	}
	return n, nil
}
