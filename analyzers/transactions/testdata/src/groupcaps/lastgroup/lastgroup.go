package lastgroup

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Parcels packed into crates: a crate is started when there is none or
// the last one is full, and each parcel goes into the last crate. A
// crate read back holds at most what the fullness test lets through.

type parcel struct{ body []byte }

type tote struct{ body []byte }

type sled struct{ body []byte }

type depot struct{ c *aztables.Client }

const crateSize = 100

func (d *depot) loadCrate(ctx context.Context, crate []parcel) error {
	acts := make([]aztables.TransactionAction, 0, len(crate))
	for _, p := range crate {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: p.body})
	}
	_, err := d.c.SubmitTransaction(ctx, acts, nil) // silent: a crate never passes crateSize
	return err
}

// Ship starts a crate when the last one holds crateSize parcels.
func (d *depot) Ship(ctx context.Context, ps []parcel) error {
	var crates [][]parcel
	for _, p := range ps {
		if len(crates) == 0 || len(crates[len(crates)-1]) == crateSize {
			crates = append(crates, nil)
		}
		crates[len(crates)-1] = append(crates[len(crates)-1], p)
	}
	for _, crate := range crates {
		if err := d.loadCrate(ctx, crate); err != nil {
			return err
		}
	}
	return nil
}

// ShipTotes tests the length after one more: a tote is full one short
// of the limit, and the totes go out from goroutines.
func (d *depot) ShipTotes(ctx context.Context, ts []tote, lanes map[string][]tote) {
	byLane := map[string][][]tote{}
	for lane, ts := range lanes {
		bins := byLane[lane]
		for _, t := range ts {
			if len(bins) == 0 || len(bins[len(bins)-1])+1 > crateSize {
				bins = append(bins, nil)
			}
			bins[len(bins)-1] = append(bins[len(bins)-1], t)
		}
		byLane[lane] = bins
	}
	done := make(chan struct{})
	for _, bins := range byLane {
		go func(bins [][]tote) {
			for _, bin := range bins {
				d.stack(ctx, bin)
			}
			done <- struct{}{}
		}(bins)
	}
	for range byLane {
		<-done
	}
}

func (d *depot) stack(ctx context.Context, bin []tote) {
	var acts []aztables.TransactionAction
	for _, t := range bin {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertMerge, Entity: t.body})
	}
	_, _ = d.c.SubmitTransaction(ctx, acts, nil) // silent: len+1 > 100 starts a new tote
}

// ShipSleds lets a sled grow past the limit: it is full only above it,
// so it takes 101.
func (d *depot) ShipSleds(ctx context.Context, ss []sled) error {
	var sleds [][]sled
	for _, s := range ss {
		if len(sleds) == 0 || len(sleds[len(sleds)-1]) > crateSize {
			sleds = append(sleds, nil)
		}
		sleds[len(sleds)-1] = append(sleds[len(sleds)-1], s)
	}
	for _, load := range sleds {
		if err := d.haul(ctx, load); err != nil {
			return err
		}
	}
	return nil
}

func (d *depot) haul(ctx context.Context, load []sled) error {
	var acts []aztables.TransactionAction
	for _, s := range load {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: s.body})
	}
	_, err := d.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of load`
	return err
}
