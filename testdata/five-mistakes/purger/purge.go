// Package purger deletes old rows from a log table whose PartitionKey is a
// zero-padded tick count (legacy storage API).
package purger

import (
	"errors"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const ticksAtEpoch = 621355968000000000

// Ticks turns a time into .NET ticks.
func Ticks(t time.Time) int64 { return ticksAtEpoch + t.UnixNano()/100 }

// PaddedTicks renders ticks as a 19-digit key.
func PaddedTicks(ticks int64) string { return fmt.Sprintf("%019d", ticks) }

// Purger removes rows older than a number of days.
type Purger struct {
	table   *storage.Table
	days    int
	timeout uint
}

// olderThan reads every key older than the cut-off, page after page.
func (p *Purger) olderThan(out chan<- []*storage.Entity) error {
	cut := PaddedTicks(Ticks(time.Now().AddDate(0, 0, -p.days)))
	opts := &storage.QueryOptions{}
	opts.Filter = fmt.Sprintf("PartitionKey le '%s'", cut) // L: TL301
	opts.Select = []string{"PartitionKey", "RowKey"}
	res, err := p.table.QueryEntities(p.timeout, storage.NoMetadata, opts)
	if err != nil {
		return err
	}
	out <- res.Entities
	for res.QueryNextLink.NextLink != nil {
		res, err = res.NextResults(nil)
		if err != nil {
			return err
		}
		out <- res.Entities
	}
	return nil
}

// oldestPartition asks for one row, expecting the lowest key first.
func (p *Purger) oldestPartition() (string, error) {
	opts := &storage.QueryOptions{}
	opts.Filter = fmt.Sprintf("PartitionKey ne '%s'", "") // L: TL301
	opts.Select = []string{"PartitionKey"}
	opts.Top = 1
	res, err := p.table.QueryEntities(p.timeout, storage.NoMetadata, opts) // L: TL307
	if err != nil {
		return "", err
	}
	if len(res.Entities) > 0 {
		return res.Entities[0].PartitionKey, nil
	}
	return "", errors.New("empty table")
}

// day reads one day's keys: a range of partitions.
func (p *Purger) day(d time.Time, out chan<- []*storage.Entity) error {
	from := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
	to := from.Add(24 * time.Hour)
	opts := &storage.QueryOptions{
		Filter: fmt.Sprintf("PartitionKey ge '%s' and PartitionKey lt '%s'", PaddedTicks(Ticks(from)), PaddedTicks(Ticks(to))), // L: TL301
		Select: []string{"PartitionKey", "RowKey"},
	}
	res, err := p.table.QueryEntities(p.timeout, storage.NoMetadata, opts)
	if err != nil {
		return err
	}
	for {
		out <- res.Entities
		if res.NextLink == nil {
			return nil
		}
		if res, err = res.NextResults(nil); err != nil {
			return err
		}
	}
}
