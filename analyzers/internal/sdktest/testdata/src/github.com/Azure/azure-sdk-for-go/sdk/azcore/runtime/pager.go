// Package runtime is a test stub of azcore/runtime.
package runtime

import "context"

// PagingHandler builds a Pager.
type PagingHandler[T any] struct {
	More    func(T) bool
	Fetcher func(context.Context, *T) (T, error)
}

// Pager iterates over pages.
type Pager[T any] struct {
	h       PagingHandler[T]
	current *T
	first   bool
}

// NewPager returns a pager.
func NewPager[T any](h PagingHandler[T]) *Pager[T] { return &Pager[T]{h: h, first: true} }

// More reports whether there are more pages.
func (p *Pager[T]) More() bool {
	if p.current != nil {
		return p.h.More(*p.current)
	}
	return true
}

// NextPage fetches the next page.
func (p *Pager[T]) NextPage(ctx context.Context) (T, error) {
	r, err := p.h.Fetcher(ctx, p.current)
	p.current = &r
	return r, err
}
