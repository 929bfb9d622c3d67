// Package funcfields: a store makes its RowKey with a function held in
// a field. The field's values are every function the package puts there
// (the default in the constructor) and every function it offers callers
// for it (an option takes any; an exported maker returns one): a call
// through the field is a call of each.
package funcfields

import (
	"context"
	"fmt"
	"strconv"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Ledger reads numbered lines of a ledger.
type Ledger struct {
	tc    *aztables.Client
	line  func(n int64) string
	shelf func(string) string
	bin   func(int) string
}

// Option changes how a Ledger names its rows.
type Option func(*Ledger)

// WithLines names rows with f.
func WithLines(f func(n int64) string) Option {
	return func(l *Ledger) { l.line = f }
}

// Open makes a Ledger; rows are named by padded line numbers unless an
// option says otherwise.
func Open(tc *aztables.Client, opts ...Option) *Ledger {
	l := &Ledger{tc: tc, line: padded, shelf: byYear}
	l.bin = l.binOf // a method value
	for _, o := range opts {
		o(l)
	}
	return l
}

func padded(n int64) string { return fmt.Sprintf("%019d", n) }

func byYear(s string) string { return "y" + s }

// Counting is a row namer callers may pass to WithLines: the bare
// number.
func Counting() func(int64) string {
	return func(n int64) string {
		return strconv.FormatInt(n, 10) // want `TL204: numeric RowKey component formatted with strconv.FormatInt is not zero-padded`
	}
}

// seqOf names a ledger's sequence rows; a variable, so tests can swap it.
var seqOf = strconv.Itoa

// Seq reads sequence row n.
func (l *Ledger) Seq(ctx context.Context, n int) error {
	_, err := l.tc.GetEntity(ctx, "seq", seqOf(n), nil) // want `TL204: numeric RowKey component formatted with strconv.Itoa is not zero-padded`
	return err
}

func (l *Ledger) binOf(n int) string {
	return "bin-" + fmt.Sprint(n) // want `TL204: numeric PartitionKey component formatted with fmt.Sprint is not zero-padded`
}

// Bin reads the head of bin n.
func (l *Ledger) Bin(ctx context.Context, n int) error {
	_, err := l.tc.GetEntity(ctx, l.bin(n), "head", nil)
	return err
}

// Line reads line n of the ledger's year.
func (l *Ledger) Line(ctx context.Context, year string, n int64) error {
	_, err := l.tc.GetEntity(ctx, l.shelf(year), l.line(n), nil)
	return err
}
