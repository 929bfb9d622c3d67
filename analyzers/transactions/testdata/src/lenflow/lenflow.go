package lenflow

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"lenflow/window"
)

// How long a slice of readings can be is flow's fact (LenMost): a
// transaction built from one is bounded when flow bounds the readings.

type meter struct{ c *aztables.Client }

func (m *meter) actions(rs [][]byte) []aztables.TransactionAction {
	acts := make([]aztables.TransactionAction, 0, len(rs))
	for _, r := range rs {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertMerge, Entity: r})
	}
	return acts
}

// A closure held in a local, given windows of 100 readings.
func (m *meter) Flush(ctx context.Context, readings [][]byte) error {
	send := func(batch [][]byte) error {
		var acts []aztables.TransactionAction
		for _, r := range batch {
			acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertMerge, Entity: r})
		}
		_, err := m.c.SubmitTransaction(ctx, acts, nil) // silent: every call of send passes at most 100
		return err
	}
	for lo := 0; lo < len(readings); lo += 100 {
		hi := lo + 100
		if hi > len(readings) {
			hi = len(readings)
		}
		if err := send(readings[lo:hi]); err != nil {
			return err
		}
	}
	return nil
}

// The same closure given windows of 200.
func (m *meter) FlushWide(ctx context.Context, readings [][]byte) error {
	send := func(batch [][]byte) error {
		var acts []aztables.TransactionAction
		for _, r := range batch {
			acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertMerge, Entity: r})
		}
		_, err := m.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of batch`
		return err
	}
	for lo := 0; lo < len(readings); lo += 200 {
		hi := lo + 200
		if hi > len(readings) {
			hi = len(readings)
		}
		if err := send(readings[lo:hi]); err != nil {
			return err
		}
	}
	return nil
}

// One call of the closure windows, the other passes everything.
func (m *meter) FlushMixed(ctx context.Context, readings [][]byte, late [][]byte) error {
	send := func(batch [][]byte) error {
		var acts []aztables.TransactionAction
		for _, r := range batch {
			acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertMerge, Entity: r})
		}
		_, err := m.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of batch`
		return err
	}
	if err := send(readings[:min(len(readings), 100)]); err != nil {
		return err
	}
	return send(late)
}

func (m *meter) putFirst(ctx context.Context, rs [][]byte) error {
	var acts []aztables.TransactionAction
	for _, r := range rs {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: r})
	}
	_, err := m.c.SubmitTransaction(ctx, acts, nil) // silent: the caller keeps the first 100
	return err
}

// The count clamped to 100, then recs[:n].
func (m *meter) First(ctx context.Context, recs [][]byte) error {
	n := len(recs)
	if n > 100 {
		n = 100
	}
	return m.putFirst(ctx, recs[:n])
}

func (m *meter) putFirstWide(ctx context.Context, rs [][]byte) error {
	var acts []aztables.TransactionAction
	for _, r := range rs {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: r})
	}
	_, err := m.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of rs`
	return err
}

// Clamped to 150: over the limit.
func (m *meter) FirstWide(ctx context.Context, recs [][]byte) error {
	n := len(recs)
	if n > 150 {
		n = 150
	}
	return m.putFirstWide(ctx, recs[:n])
}

func (m *meter) putChecked(ctx context.Context, rs [][]byte) error {
	acts := m.actions(rs)
	_, err := m.c.SubmitTransaction(ctx, acts, nil) // silent: the caller checks the length first
	return err
}

// The length checked before the call.
func (m *meter) Checked(ctx context.Context, recs [][]byte) error {
	if len(recs) > 100 {
		return nil
	}
	return m.putChecked(ctx, recs)
}

func (m *meter) putLoose(ctx context.Context, rs [][]byte) error {
	acts := m.actions(rs)
	_, err := m.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of rs`
	return err
}

// Checked against 150: not enough.
func (m *meter) Loose(ctx context.Context, recs [][]byte) error {
	if len(recs) > 150 {
		return nil
	}
	return m.putLoose(ctx, recs)
}

func (m *meter) putHead(ctx context.Context, rs [][]byte) error {
	var acts []aztables.TransactionAction
	for _, r := range rs {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: r})
	}
	_, err := m.c.SubmitTransaction(ctx, acts, nil) // silent: window.Head returns at most 100
	return err
}

// A helper of another package that keeps 100 at most (its summary).
func (m *meter) Head(ctx context.Context, recs [][]byte) error {
	return m.putHead(ctx, window.Head(recs))
}

func (m *meter) putWide(ctx context.Context, rs [][]byte) error {
	var acts []aztables.TransactionAction
	for _, r := range rs {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: r})
	}
	_, err := m.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of rs`
	return err
}

// One that keeps 250.
func (m *meter) Wide(ctx context.Context, recs [][]byte) error {
	return m.putWide(ctx, window.Wide(recs))
}

func (m *meter) putPairs(ctx context.Context, rs [][]byte) error {
	var acts []aztables.TransactionAction
	for _, r := range rs {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: r})
	}
	_, err := m.c.SubmitTransaction(ctx, acts, nil) // silent: 50 iterations of two appends
	return err
}

// A slice made with a capacity and grown in a loop of a constant count.
func (m *meter) Pairs(ctx context.Context, a, b []byte) error {
	picks := make([][]byte, 0, 100)
	for range 50 {
		picks = append(picks, a, b)
	}
	return m.putPairs(ctx, picks)
}

func (m *meter) putTriples(ctx context.Context, rs [][]byte) error {
	var acts []aztables.TransactionAction
	for _, r := range rs {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: r})
	}
	_, err := m.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of rs`
	return err
}

// 40 iterations of three appends: 120.
func (m *meter) Triples(ctx context.Context, a, b, c []byte) error {
	picks := make([][]byte, 0, 120)
	for i := 0; i < 40; i++ {
		picks = append(picks, a, b, c)
	}
	return m.putTriples(ctx, picks)
}
