// Package returnedref: a legacy entity a helper names by keys from the
// clock and returns, that its caller inserts.
package returnedref

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Ledger keeps one row per payment.
type Ledger struct {
	rows *storage.Table
}

// row names the payment's entity under the minute of the call.
func (l *Ledger) row(payment string) *storage.Entity {
	return l.rows.GetEntityReference(time.Now().Format("200601021504"), payment) // want `TL209: PartitionKey comes only from time.Now\(\)`
}

// Book inserts what row names.
func (l *Ledger) Book(payment string, cents int64) error {
	e := l.row(payment)
	e.Properties = map[string]interface{}{"Cents": cents}
	return e.Insert(storage.NoMetadata, nil)
}

// probe names an entity its callers only delete. Silent.
func (l *Ledger) probe(payment string) *storage.Entity {
	return l.rows.GetEntityReference(time.Now().Format("200601021504"), payment)
}

// Void deletes what probe names.
func (l *Ledger) Void(payment string) error {
	return l.probe(payment).Delete(true, nil)
}
