package fields

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Letters sorted into bags, a bag being a struct whose slice field
// holds its letters: a bag is sealed and a new one opened when it is
// full.

type letter struct{ doc []byte }

type bag struct {
	route   string
	letters []letter
}

type parcel struct{ doc []byte }

type sack struct {
	route   string
	parcels []parcel
}

type office struct{ c *aztables.Client }

func (o *office) dispatch(ctx context.Context, ls []letter) error {
	acts := make([]aztables.TransactionAction, 0, len(ls))
	for _, l := range ls {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: l.doc})
	}
	_, err := o.c.SubmitTransaction(ctx, acts, nil) // silent: a bag is sealed at 100 letters
	return err
}

// Sort opens a new bag when the current one holds 100 letters.
func (o *office) Sort(ctx context.Context, route string, ls []letter) error {
	var sealed []*bag
	open := &bag{route: route}
	for _, l := range ls {
		if len(open.letters) == 100 {
			sealed = append(sealed, open)
			open = &bag{route: route}
		}
		open.letters = append(open.letters, l)
	}
	sealed = append(sealed, open)
	for _, b := range sealed {
		if err := o.dispatch(ctx, b.letters); err != nil {
			return err
		}
	}
	return nil
}

func (o *office) ship(ctx context.Context, ps []parcel) error {
	acts := make([]aztables.TransactionAction, 0, len(ps))
	for _, p := range ps {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: p.doc})
	}
	_, err := o.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of ps`
	return err
}

// Pack seals a sack only once it holds more than 100 parcels: 101.
func (o *office) Pack(ctx context.Context, route string, ps []parcel) error {
	var sealed []sack
	open := &sack{route: route}
	for _, p := range ps {
		if len(open.parcels) > 100 {
			sealed = append(sealed, *open)
			open = &sack{route: route}
		}
		open.parcels = append(open.parcels, p)
	}
	sealed = append(sealed, *open)
	for _, s := range sealed {
		if err := o.ship(ctx, s.parcels); err != nil {
			return err
		}
	}
	return nil
}
