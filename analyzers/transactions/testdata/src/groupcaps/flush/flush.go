package flush

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Lines of an invoice gathered into pages: the page being filled is
// handed on when it is full and started anew, and the last one after
// the loop.

type line struct{ doc []byte }

type note struct{ doc []byte }

type ledger struct{ c *aztables.Client }

func (g *ledger) post(ctx context.Context, pages [][]line) error {
	for _, page := range pages {
		if err := g.print(ctx, page); err != nil {
			return err
		}
	}
	return nil
}

func (g *ledger) print(ctx context.Context, page []line) error {
	acts := make([]aztables.TransactionAction, 0, len(page))
	for _, l := range page {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: l.doc})
	}
	_, err := g.c.SubmitTransaction(ctx, acts, nil) // silent: a page holds at most 100
	return err
}

// Paginate hands a page on when it holds 100 lines.
func (g *ledger) Paginate(ctx context.Context, ls []line) error {
	var pages [][]line
	var page []line
	for _, l := range ls {
		if len(page) == 100 {
			pages = append(pages, page)
			page = nil
		}
		page = append(page, l)
	}
	if len(page) > 0 {
		pages = append(pages, page)
	}
	return g.post(ctx, pages)
}

// Annotate appends first and hands the page on after it passes 100.
func (g *ledger) Annotate(ctx context.Context, ns []note) error {
	var sheets [][]note
	var sheet []note
	for _, n := range ns {
		sheet = append(sheet, n)
		if len(sheet) > 100 {
			sheets = append(sheets, sheet)
			sheet = nil
		}
	}
	if len(sheet) != 0 {
		sheets = append(sheets, sheet)
	}
	for _, s := range sheets {
		if err := g.file(ctx, s); err != nil {
			return err
		}
	}
	return nil
}

func (g *ledger) file(ctx context.Context, sheet []note) error {
	acts := make([]aztables.TransactionAction, 0, len(sheet))
	for _, n := range sheet {
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: n.doc})
	}
	_, err := g.c.SubmitTransaction(ctx, acts, nil) // want `one action per element of sheet`
	return err
}
