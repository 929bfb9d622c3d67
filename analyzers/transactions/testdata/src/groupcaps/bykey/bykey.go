package bykey

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Readings filed by their station, one transaction per station: a
// station's slice is as long as the input gives it unless the filing
// skips a full one.

type reading struct {
	station string
	doc     []byte
}

type sample struct {
	station string
	doc     []byte
}

type archive struct{ c *aztables.Client }

// Store files every reading of a station together: nothing caps a
// station.
func (a *archive) Store(ctx context.Context, rs []reading) error {
	perStation := map[string][]reading{}
	for _, r := range rs {
		perStation[r.station] = append(perStation[r.station], r)
	}
	for _, group := range perStation {
		if err := a.keep(ctx, group); err != nil {
			return err
		}
	}
	return nil
}

func (a *archive) keep(ctx context.Context, group []reading) error {
	acts := make([]aztables.TransactionAction, 0, len(group))
	for _, r := range group {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: r.doc})
	}
	_, err := a.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of group`
	return err
}

// StoreSamples keeps the first 100 of each station and sets the rest
// aside.
func (a *archive) StoreSamples(ctx context.Context, ss []sample) ([]sample, error) {
	perStation := map[string][]sample{}
	var late []sample
	for _, s := range ss {
		if len(perStation[s.station]) >= 100 {
			late = append(late, s)
			continue
		}
		perStation[s.station] = append(perStation[s.station], s)
	}
	for st := range perStation {
		if group, ok := perStation[st]; ok {
			if err := a.keepSamples(ctx, group); err != nil {
				return nil, err
			}
		}
	}
	return late, nil
}

func (a *archive) keepSamples(ctx context.Context, group []sample) error {
	acts := make([]aztables.TransactionAction, 0, len(group))
	for _, s := range group {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: s.doc})
	}
	_, err := a.c.SubmitTransaction(ctx, acts, nil) // silent: a full station is skipped
	return err
}
