package hitlogb

import (
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// (added) Readers of the month tables, for the billing side.

// HoursBetween returns the rows one site has for the hours in [from, to),
// from every server: a RowKey range, since rows start with the hour.
func (s *Sink) HoursBetween(site int, from, to time.Time) ([]*storage.Entity, error) {
	tbl := s.monthTable(from)
	res, err := tbl.QueryEntities(30, storage.NoMetadata, &storage.QueryOptions{ // L: TL307
		Filter: fmt.Sprintf("PartitionKey eq '%d' and RowKey ge '%d' and RowKey lt '%d'", site, from.Unix(), to.Unix()), // S
	})
	if err != nil {
		return nil, err
	}
	return res.Entities, nil
}

// BusyHours counts the hours of a month in which a site served any file.
func (s *Sink) BusyHours(site int, month time.Time) (int, error) {
	tbl := s.monthTable(month)
	res, err := tbl.QueryEntities(30, storage.NoMetadata, &storage.QueryOptions{ // S
		Filter: fmt.Sprintf("PartitionKey eq '%d' and FilesCount gt 0", site), // L: TL303
		Select: []string{"RowKey"},
	})
	if err != nil {
		return 0, err
	}
	n := len(res.Entities)
	for res.NextLink != nil { // S
		if res, err = res.NextResults(nil); err != nil {
			return 0, err
		}
		n += len(res.Entities)
	}
	return n, nil
}
