// Package seedpartitions fills a table with test data through the legacy
// batch API: one partition per day, ticks as keys.
package seedpartitions

import (
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const maxTicks = int64(3155378975999999999)

func ticks(t time.Time) int64 { return t.UnixNano()/100 + 621355968000000000 }

// dayRows builds n rows for one day.
func dayRows(t *storage.Table, day time.Time, n int) []*storage.Entity {
	pk := fmt.Sprintf("%019d", ticks(day)) // S
	rows := make([]*storage.Entity, n)
	for i := range rows {
		e := t.GetEntityReference(pk, fmt.Sprintf("%06d", i)) // S
		e.Properties = map[string]interface{}{"Created": day}
		rows[i] = e
	}
	return rows
}

// Seed writes each day in batches of at most 100.
func Seed(t *storage.Table, from, to time.Time, perDay int) error {
	for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
		rows := dayRows(t, d, perDay)
		for i := 0; i < len(rows); i += 100 {
			end := i + 100
			if end > len(rows) {
				end = len(rows)
			}
			b := t.NewBatch()
			for _, e := range rows[i:end] {
				b.InsertOrMergeEntityByForce(e)
			}
			if err := b.ExecuteBatch(); err != nil { // S
				return err
			}
		}
	}
	return nil
}

// SeedDay writes one day's rows in one batch, however many there are.
func SeedDay(t *storage.Table, day time.Time, perDay int) error {
	b := t.NewBatch()
	for _, e := range dayRows(t, day, perDay) {
		b.InsertOrMergeEntityByForce(e)
	}
	return b.ExecuteBatch() // L: TL401
}

// Latest writes a marker whose RowKey sorts newest first, unpadded.
func Latest(t *storage.Table, at time.Time) error {
	e := t.GetEntityReference("latest", fmt.Sprintf("%d", maxTicks-ticks(at))) // L: TL205
	e.Properties = map[string]interface{}{"At": at}
	return e.InsertOrReplace(nil)
}

// LatestPadded is Latest with a fixed width.
func LatestPadded(t *storage.Table, at time.Time) error {
	e := t.GetEntityReference("latest", fmt.Sprintf("%019d", maxTicks-ticks(at))) // S
	e.Properties = map[string]interface{}{"At": at}
	return e.InsertOrReplace(nil)
}
