package eventcountc

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
	"github.com/google/uuid"
)

// Record adds one metric row to today's partition.
func (c *Counter) Record(metric, source string) error {
	e := c.tbl.GetEntityReference(
		time.Now().UTC().Format(dayLayout), // L: TL209
		uuid.NewString(),
	)
	e.Properties = map[string]interface{}{
		"Metric": metric,
		"Source": source,
	}
	return e.Insert(storage.EmptyPayload, nil)
}
