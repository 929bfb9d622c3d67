package givenchunks

import (
	"context"
	"sync"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// A transaction built from a slice parameter of an unexported function
// is bounded when every call passes a slice of at most 100 elements.

type store struct{ c *aztables.Client }

func (s *store) putRows(ctx context.Context, rows [][]byte) error {
	acts := make([]aztables.TransactionAction, 0, len(rows))
	for _, r := range rows {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: r})
	}
	_, err := s.c.SubmitTransaction(ctx, acts, nil) // silent: Append cuts rows in chunks of 100
	return err
}

// commit passes its chunk on from goroutines.
func (s *store) commit(ctx context.Context, chunk [][]byte) error {
	var wg sync.WaitGroup
	errs := make(chan error, 1)
	wg.Add(1)
	go func() { defer wg.Done(); errs <- s.putRows(ctx, chunk) }()
	wg.Wait()
	close(errs)
	return <-errs
}

// Append is the chunking idiom: stop capped at len(recs), each chunk
// rebuilt with one append per element of recs[start:stop].
func (s *store) Append(ctx context.Context, recs [][]byte) error {
	for start := 0; start < len(recs); start += 100 {
		stop := start + 100
		if stop > len(recs) {
			stop = len(recs)
		}
		chunk := make([][]byte, 0, stop-start)
		for _, r := range recs[start:stop] {
			chunk = append(chunk, r)
		}
		if err := s.commit(ctx, chunk); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) putAll(ctx context.Context, rows [][]byte) error {
	acts := make([]aztables.TransactionAction, 0, len(rows))
	for _, r := range rows {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: r})
	}
	_, err := s.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of rows`
	return err
}

// One caller cuts, the other passes everything: not bounded.
func (s *store) Cut(ctx context.Context, recs [][]byte) error {
	for start := 0; start < len(recs); start += 100 {
		if err := s.putAll(ctx, recs[start:min(start+100, len(recs))]); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) Whole(ctx context.Context, recs [][]byte) error { return s.putAll(ctx, recs) }

func (s *store) putWindow(ctx context.Context, rows [][]byte) error {
	var acts []aztables.TransactionAction
	for _, r := range rows {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: r})
	}
	_, err := s.c.SubmitTransaction(ctx, acts, nil) // silent: every call passes at most 100
	return err
}

func (s *store) Windows(ctx context.Context, recs [][]byte) error {
	for start := 0; start < len(recs); start += 100 {
		if err := s.putWindow(ctx, recs[start:min(start+100, len(recs))]); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) putWide(ctx context.Context, rows [][]byte) error {
	var acts []aztables.TransactionAction
	for _, r := range rows {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: r})
	}
	_, err := s.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of rows`
	return err
}

// Chunks of 200: over the limit.
func (s *store) Wide(ctx context.Context, recs [][]byte) error {
	for start := 0; start < len(recs); start += 200 {
		stop := start + 200
		if stop > len(recs) {
			stop = len(recs)
		}
		if err := s.putWide(ctx, recs[start:stop]); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) putRaised(ctx context.Context, rows [][]byte) error {
	var acts []aztables.TransactionAction
	for _, r := range rows {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: r})
	}
	_, err := s.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of rows`
	return err
}

// The test the wrong way round: stop can only grow.
func (s *store) Raised(ctx context.Context, recs [][]byte) error {
	for start := 0; start < len(recs); start += 100 {
		stop := start + 100
		if stop < len(recs) {
			stop = len(recs)
		}
		if err := s.putRaised(ctx, recs[start:stop]); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) putTwice(ctx context.Context, rows [][]byte) error {
	var acts []aztables.TransactionAction
	for _, r := range rows {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: r})
	}
	_, err := s.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of rows`
	return err
}

// Two elements per record of a chunk of 100: 200.
func (s *store) Twice(ctx context.Context, recs [][]byte) error {
	for start := 0; start < len(recs); start += 100 {
		stop := min(start+100, len(recs))
		var chunk [][]byte
		for _, r := range recs[start:stop] {
			chunk = append(chunk, r, r)
		}
		if err := s.putTwice(ctx, chunk); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) putGrown(ctx context.Context, rows [][]byte) error {
	var acts []aztables.TransactionAction
	for _, r := range rows {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: r})
	}
	_, err := s.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of rows`
	return err
}

func grow(p *[][]byte, more [][]byte) { *p = append(*p, more...) }

// A chunk grown through its address: not bounded.
func (s *store) Grown(ctx context.Context, recs, extra [][]byte) error {
	for start := 0; start < len(recs); start += 100 {
		stop := min(start+100, len(recs))
		var chunk [][]byte
		for _, r := range recs[start:stop] {
			chunk = append(chunk, r)
		}
		grow(&chunk, extra)
		if err := s.putGrown(ctx, chunk); err != nil {
			return err
		}
	}
	return nil
}

// An exported function's callers are not all known.
func (s *store) PutExported(ctx context.Context, rows [][]byte) error {
	var acts []aztables.TransactionAction
	for _, r := range rows {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: r})
	}
	_, err := s.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of rows`
	return err
}

func (s *store) Exported(ctx context.Context, recs [][]byte) error {
	return s.PutExported(ctx, recs[:min(100, len(recs))])
}

func (s *store) putCopied(ctx context.Context, rows [][]byte) error {
	var acts []aztables.TransactionAction
	for _, r := range rows {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: r})
	}
	_, err := s.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of rows`
	return err
}

type queue struct{ pending [][]byte }

// A local declared from another slice holds as many as that one.
func (s *store) Copied(ctx context.Context, q *queue) error {
	all := q.pending
	q.pending = nil
	return s.putCopied(ctx, all)
}
