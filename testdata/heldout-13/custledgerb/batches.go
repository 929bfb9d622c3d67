package custledgerb

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
	"github.com/google/uuid"
)

// stockPartition holds the stock rows that are written in groups.
const stockPartition = "stock"

var stockSince = time.Date(1992, time.December, 20, 21, 55, 0, 0, time.UTC)

// peek reads the first rows of the table, to show what a group left behind.
func (l *Ledger) peek(timeout uint) ([]*storage.Entity, error) {
	res, err := l.tbl.QueryEntities(timeout, storage.FullMetadata, &storage.QueryOptions{Top: 2}) // L: TL301 TL307
	if err != nil {
		return nil, err
	}
	return res.Entities, nil
}

func (l *Ledger) stockRow(item string, amount float64) *storage.Entity {
	row := l.tbl.GetEntityReference(stockPartition, item)
	row.Properties = accountFields(amount, uuid.New(), stockSince)
	return row
}

// StockPair writes two stock rows of the partition in one group.
func (l *Ledger) StockPair() ([]*storage.Entity, error) {
	pens := l.stockRow("pens", 200.23)
	pencils := l.stockRow("pencils", 111.23)
	group := l.tbl.NewBatch()
	group.InsertOrReplaceEntity(pens, false)
	group.InsertOrReplaceEntity(pencils, false)
	if err := group.ExecuteBatch(); err != nil { // S
		return nil, err
	}
	return l.peek(requestTimeout)
}

// StockTwice sends the same row twice in one group.
func (l *Ledger) StockTwice() error {
	pens := l.stockRow("pens", 200.23)
	group := l.tbl.NewBatch()
	group.InsertOrReplaceEntity(pens, false)
	group.InsertOrReplaceEntity(pens, false) // L: TL404
	return group.ExecuteBatch()
}

// StockAndDrop writes a row and deletes it in the same group.
func (l *Ledger) StockAndDrop() error {
	pens := l.stockRow("pens", 200.23)
	group := l.tbl.NewBatch()
	group.InsertOrReplaceEntity(pens, false)
	group.DeleteEntity(pens, true) // L: TL404
	return group.ExecuteBatch()
}

// StockThenDrop writes a row in one group and deletes it in another,
// looking at the table after each.
func (l *Ledger) StockThenDrop() (before, after []*storage.Entity, err error) {
	pens := l.stockRow("pens", 200.23)
	first := l.tbl.NewBatch()
	first.InsertOrReplaceEntity(pens, false)
	if err = first.ExecuteBatch(); err != nil {
		return nil, nil, err
	}
	if before, err = l.peek(requestTimeout); err != nil {
		return nil, nil, err
	}
	second := l.tbl.NewBatch()
	second.DeleteEntity(pens, true) // S
	if err = second.ExecuteBatch(); err != nil {
		return nil, nil, err
	}
	after, err = l.peek(15)
	return before, after, err
}

// StockThenRestock writes a row in one group and a changed row under the
// same keys in the next.
func (l *Ledger) StockThenRestock() ([]*storage.Entity, error) {
	pens := l.stockRow("pens", 200.23)
	first := l.tbl.NewBatch()
	first.InsertOrReplaceEntity(pens, false)
	if err := first.ExecuteBatch(); err != nil {
		return nil, err
	}
	again := l.tbl.GetEntityReference(stockPartition, "pens")
	again.Properties = map[string]interface{}{
		"Balance":     200.23,
		"MemberCode":  uuid.New(),
		"MemberSince": stockSince,
		"Restocked":   123,
		"OrderCount":  int64(255),
	}
	second := l.tbl.NewBatch()
	second.InsertOrReplaceEntity(again, false) // S
	if err := second.ExecuteBatch(); err != nil {
		return nil, err
	}
	return l.peek(requestTimeout)
}
