// Package eventcountc counts a day's metric rows kept in a table through the
// legacy storage package, one partition a day.
package eventcountc

import (
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const (
	dayLayout    = "20060102"
	queryTimeout = 5000
)

// Metrics the dashboard shows.
const (
	MetricCreated = "event_created"
	MetricClosed  = "event_closed"
)

// Counter holds the metrics table.
type Counter struct {
	tbl *storage.Table
}

// New reads the account from the environment.
func New() (*Counter, error) {
	cl, err := storage.NewBasicClient(os.Getenv("METRICS_ACCOUNT"), os.Getenv("METRICS_KEY")) // S
	if err != nil {
		return nil, err
	}
	svc := cl.GetTableService()
	return &Counter{tbl: svc.GetTableReference("metrics")}, nil
}

func dayFilter(day time.Time, metric string) string {
	return fmt.Sprintf("(PartitionKey eq '%s' and Metric eq '%s')", day.Format(dayLayout), metric) // L: TL321
}

// CountDay counts the rows of one metric on one day, following the pages
// as the first version of the dashboard did.
func (c *Counter) CountDay(day time.Time, metric string, totals *sync.Map) error {
	first, err := c.tbl.QueryEntities(queryTimeout, storage.FullMetadata, &storage.QueryOptions{ // L: TL303 TL307
		Filter: dayFilter(day, metric),
		Select: []string{"PartitionKey", "RowKey", "Metric"},
	})
	if err != nil {
		return err
	}
	totals.Store(metric, len(first.Entities))
	if first.NextLink == nil {
		return nil
	}
	retries := 0
	for {
		more, err := first.NextResults(&storage.TableOptions{})
		if err != nil {
			if retries < 10 {
				retries++
				continue
			}
			return err
		}
		if more == nil || first.Entities == nil {
			break
		}
		n, _ := totals.Load(metric)
		totals.Store(metric, n.(int)+len(first.Entities))
	}
	return nil
}

// CountDayPaged counts the rows of one metric on one day, moving on to
// each next result.
func (c *Counter) CountDayPaged(day time.Time, metric string) (int, error) {
	page, err := c.tbl.QueryEntities(queryTimeout, storage.NoMetadata, &storage.QueryOptions{ // L: TL303
		Filter: dayFilter(day, metric),
		Select: []string{"RowKey"},
	})
	if err != nil {
		return 0, err
	}
	total := 0
	for {
		total += len(page.Entities)
		if page.NextLink == nil {
			return total, nil
		}
		page, err = page.NextResults(nil) // S
		if err != nil {
			return 0, err
		}
	}
}

// Dashboard counts the day's two metrics.
func (c *Counter) Dashboard(day time.Time) (map[string]int, error) {
	var totals sync.Map
	for _, m := range []string{MetricCreated, MetricClosed} {
		if err := c.CountDay(day, m, &totals); err != nil {
			return nil, err
		}
	}
	out := map[string]int{}
	totals.Range(func(k, v any) bool {
		out[k.(string)] = v.(int)
		return true
	})
	return out, nil
}
