package custledgerb

import (
	"errors"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// ordersPartition holds the opening orders of the book.
const ordersPartition = "orders"

// samplePartition holds the rows a paging check writes and reads back.
const samplePartition = "sample"

var errNoOrder = errors.New("custledgerb: no such order")

// OpenBook writes the two opening orders, one after the other on the same
// reference: the first for three starter kits, the second for one.
func (l *Ledger) OpenBook() error {
	row := l.tbl.GetEntityReference(ordersPartition, "100")
	row.Properties = map[string]interface{}{
		"Supplier": "house",
		"Item":     "starter kit",
		"Quantity": 3,
	}
	if err := row.Insert(storage.EmptyPayload, nil); err != nil {
		return err
	}
	row.Properties["Quantity"] = 1
	row.RowKey = "200"
	return row.Insert(storage.FullMetadata, nil) // L: TL406
}

// Everything returns the rows of the table.
func (l *Ledger) Everything() ([]*storage.Entity, error) {
	res, err := l.tbl.QueryEntities(requestTimeout, storage.FullMetadata, nil) // L: TL301 TL307
	if err != nil {
		return nil, err
	}
	return res.Entities, nil
}

// Remaining counts the rows left in the table.
func (l *Ledger) Remaining() (int, error) {
	rows, err := l.Everything() // S
	if err != nil {
		return 0, err
	}
	return len(rows), nil
}

// SecondOrder finds the order keyed 200.
func (l *Ledger) SecondOrder() (*storage.Entity, error) {
	res, err := l.tbl.QueryEntities(requestTimeout, storage.FullMetadata, &storage.QueryOptions{ // L: TL307
		Filter: "RowKey eq '200'", // L: TL301
	})
	if err != nil {
		return nil, err
	}
	if len(res.Entities) == 0 {
		return nil, errNoOrder
	}
	return res.Entities[0], nil
}

// DropSingle deletes the first order found for a single item.
func (l *Ledger) DropSingle() error {
	res, err := l.tbl.QueryEntities(requestTimeout, storage.FullMetadata, &storage.QueryOptions{ // L: TL307
		Filter: "Quantity eq 1", // L: TL301 TL313
	})
	if err != nil {
		return err
	}
	if len(res.Entities) == 0 {
		return errNoOrder
	}
	return res.Entities[0].Delete(true, nil)
}

// FillSample writes five numbered rows for the paging check.
func (l *Ledger) FillSample() error {
	for i := 0; i < 5; i++ {
		row := l.tbl.GetEntityReference(samplePartition, fmt.Sprintf("r%d", i)) // L: TL204
		if err := row.Insert(storage.FullMetadata, nil); err != nil {           // L: TL406
			return err
		}
	}
	return nil
}

// Pages reads the whole table two rows at a time, following every
// continuation link, and returns the pages as they came.
func (l *Ledger) Pages() ([][]*storage.Entity, error) {
	page, err := l.tbl.QueryEntities(requestTimeout, storage.FullMetadata, &storage.QueryOptions{Top: 2}) // L: TL301
	if err != nil {
		return nil, err
	}
	pages := [][]*storage.Entity{page.Entities}
	for page.NextLink != nil {
		page, err = page.NextResults(nil) // S
		if err != nil {
			return nil, err
		}
		pages = append(pages, page.Entities)
	}
	return pages, nil
}
