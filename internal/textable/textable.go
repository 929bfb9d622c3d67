// Package textable is the one table style of tablelint's text output
// (rules, review, replay): ASCII borders, which every terminal, CI log
// and font shows alike, upper-case column names as written, no
// wrapping, and per-column alignment.
package textable

import (
	"io"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Align is a column's alignment.
type Align = tw.Align

// The column alignments.
const (
	Left  Align = tw.AlignLeft
	Right Align = tw.AlignRight
)

// New returns a table writing to w. align gives each column's alignment
// in rows and footers (nil: all left); headers are always left-aligned.
func New(w io.Writer, align []Align) *tablewriter.Table {
	opts := []tablewriter.Option{
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(tw.StyleASCII)})),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
	}
	if align != nil {
		opts = append(opts,
			tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}),
			tablewriter.WithFooterAlignmentConfig(tw.CellAlignment{PerColumn: align}))
	}
	return tablewriter.NewTable(w, opts...)
}
