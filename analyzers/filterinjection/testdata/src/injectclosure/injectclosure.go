// Package injectclosure: a repository method runs its query inside a
// function literal given to a retry helper; the filter the literal
// captures is the method's parameter, so each caller's argument is
// checked where it is built.
package injectclosure

import (
	"context"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func retry(ctx context.Context, attempt func(context.Context) error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = attempt(ctx); err == nil {
			return nil
		}
	}
	return err
}

type ledger struct{ tc *aztables.Client }

// scan captures its filter parameter by address.
func (l *ledger) scan(ctx context.Context, where string) (n int, err error) {
	err = retry(ctx, func(c context.Context) error {
		p := l.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &where})
		for p.More() {
			pg, e := p.NextPage(c)
			if e != nil {
				return e
			}
			n += len(pg.Entities)
		}
		return nil
	})
	return n, err
}

var quote = strings.NewReplacer("'", "''")

// Reported: the account name goes in as it came.
func (l *ledger) Account(ctx context.Context, name string) (int, error) {
	return l.scan(ctx, "PartitionKey eq '"+name+"'") // want `TL321: name \(string\)`
}

// Silent: the caller doubles the quotes first.
func (l *ledger) Escaped(ctx context.Context, name string) (int, error) {
	return l.scan(ctx, "PartitionKey eq '"+quote.Replace(name)+"'")
}

// Silent: a constant filter.
func (l *ledger) Closed(ctx context.Context) (int, error) {
	return l.scan(ctx, "PartitionKey eq 'closed'")
}
