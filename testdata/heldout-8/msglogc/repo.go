// Package msglogc records every message a queue consumer reads as a row of
// a log table, through a repository interface wired at start-up.
package msglogc

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Row is one logged message.
type Row struct {
	aztables.Entity
	Level  string `json:"level"`
	Unix   string `json:"ts"`
	Origin string `json:"caller"`
	Text   string `json:"msg"`
	Body   string `json:"body"`
	Topic  string `json:"routingKey"`
	AtMs   int64  `json:"atMs"`
}

// Recorder is what the consumer sees.
type Recorder interface {
	Record(ctx context.Context, r *Row) error
}

// ClientFromEnv builds the table client from a connection string in the
// environment.
func ClientFromEnv(table string) (*aztables.Client, error) {
	return aztables.NewClientFromConnectionString(os.Getenv("LOG_TABLE_CONN")+";TableName="+table, nil) // S
}

type countingRecorder struct {
	tc *aztables.Client
}

// NewCountingRecorder makes the table (an error means it is there) and
// returns the recorder that numbers rows by counting the table.
func NewCountingRecorder(tc *aztables.Client) Recorder {
	if _, err := tc.CreateTable(context.Background(), nil); err == nil {
		fmt.Println("log table created")
	}
	return &countingRecorder{tc: tc}
}

func (c *countingRecorder) size(ctx context.Context) (int, error) {
	pg := c.tc.NewListEntitiesPager(nil) // L: TL301
	n := 0
	for pg.More() {
		page, err := pg.NextPage(ctx)
		if err != nil {
			return 0, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// Record numbers the row after the rows already in the table and inserts it.
func (c *countingRecorder) Record(ctx context.Context, r *Row) error {
	n, err := c.size(ctx)
	if err != nil {
		return err
	}
	r.RowKey = strconv.Itoa(n + 1) // L: TL204
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = c.tc.AddEntity(ctx, b, nil)
	return err
}

// (added) Tail reads the rows of one level, every page.
func (c *countingRecorder) Tail(ctx context.Context, level string) ([]Row, error) {
	f := "PartitionKey eq '1' and Level eq '" + level + "'"                    // L: TL321
	pg := c.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL303
	var out []Row
	for pg.More() {
		page, err := pg.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var r Row
			if json.Unmarshal(raw, &r) == nil {
				out = append(out, r)
			}
		}
	}
	return out, nil
}

// (added) newestFirst keys rows by inverted nanoseconds instead of a count.
type newestFirst struct {
	tc *aztables.Client
}

func NewNewestFirst(tc *aztables.Client) Recorder { return &newestFirst{tc: tc} }

func (n *newestFirst) Record(ctx context.Context, r *Row) error {
	r.RowKey = fmt.Sprintf("%019d", math.MaxInt64-time.Now().UnixNano()) // S
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = n.tc.AddEntity(ctx, b, nil)
	return err
}
