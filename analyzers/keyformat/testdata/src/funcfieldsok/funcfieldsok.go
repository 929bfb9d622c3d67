// Package funcfieldsok: the same store, where every function the
// package puts in the field or offers for it pads the number. A function
// of the same type that is never given to the field (it names log
// lines) formats a bare number: it makes no key.
package funcfieldsok

import (
	"context"
	"fmt"
	"log"
	"strconv"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Ledger reads numbered lines of a ledger.
type Ledger struct {
	tc   *aztables.Client
	line func(n int64) string
}

// Option changes how a Ledger names its rows.
type Option func(*Ledger)

// WithLines names rows with f.
func WithLines(f func(n int64) string) Option {
	return func(l *Ledger) { l.line = f }
}

// Open makes a Ledger with padded line numbers.
func Open(tc *aztables.Client, opts ...Option) *Ledger {
	l := &Ledger{tc: tc, line: padded}
	for _, o := range opts {
		o(l)
	}
	return l
}

func padded(n int64) string { return fmt.Sprintf("%019d", n) }

func logName(n int64) string { return strconv.FormatInt(n, 10) }

// Reversed is a row namer callers may pass to WithLines: newest first,
// padded.
func Reversed() func(int64) string {
	return func(n int64) string {
		return fmt.Sprintf("%019d", 1<<62-n)
	}
}

// Line reads line n.
func (l *Ledger) Line(ctx context.Context, n int64) error {
	log.Print("line " + logName(n))
	_, err := l.tc.GetEntity(ctx, "ledger", l.line(n), nil)
	return err
}
