package metricsinkc

import (
	"github.com/Azure/azure-sdk-for-go/storage"
)

// (added) Latest returns the newest stored rows of one counter of this
// resource: its by-counter rows, whose descending ticks put the newest first.
func (s *Sink) Latest(period, counterName string) ([]*storage.Entity, error) {
	table := s.tables[period]
	partition := escapeKey(s.ResourceID)
	counter := escapeKey(counterName)
	res, err := table.QueryEntities(30, storage.NoMetadata, &storage.QueryOptions{ // L: TL307
		Filter: "PartitionKey eq '" + partition + "' and RowKey ge '" + counter + "_' and RowKey lt '" + counter + "`'", // S
		Top:    20,
	})
	if err != nil {
		return nil, err
	}
	return res.Entities, nil
}
