// Package perfbatch is a load test of entity-group transactions: each
// worker writes a batch of entities, all in the worker's own partition,
// the size taken from a command-line flag.
package perfbatch

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

var (
	batchSize = flag.Int("count", 100, "entities per transaction")
	richTypes = flag.Bool("full-edm", false, "use every EDM type")
)

// Worker is one goroutine of the test.
type Worker struct {
	tc    *aztables.Client
	plain map[string]string
	rich  aztables.EDMEntity
}

// NewWorker opens a client and picks the worker's partition.
func NewWorker(table string) (*Worker, error) {
	conn, ok := os.LookupEnv("TABLES_CONNECTION_STRING")
	if !ok {
		return nil, fmt.Errorf("TABLES_CONNECTION_STRING is not set")
	}
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil)
	if err != nil {
		return nil, err
	}
	pk := uuid.NewString()
	w := &Worker{tc: svc.NewClient(table), plain: map[string]string{"PartitionKey": pk, "Kind": "plain"}}
	w.rich = aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: pk},
		Properties: map[string]any{
			"When":  aztables.EDMDateTime(time.Now()),
			"Big":   aztables.EDMInt64(1 << 40),
			"Bytes": aztables.EDMBinary([]byte("payload")),
			"Ratio": 0.5,
		},
	}
	return w, nil
}

// Run writes one transaction of *batchSize merges.
func (w *Worker) Run(ctx context.Context) error {
	acts := make([]aztables.TransactionAction, *batchSize)
	for i := range acts {
		var b []byte
		var err error
		if *richTypes {
			w.rich.RowKey = fmt.Sprint(i)
			b, err = json.Marshal(w.rich)
		} else {
			w.plain["RowKey"] = fmt.Sprint(i)
			b, err = json.Marshal(w.plain)
		}
		if err != nil {
			return err
		}
		acts[i] = aztables.TransactionAction{ActionType: aztables.TransactionTypeUpdateMerge, Entity: b}
	}
	_, err := w.tc.SubmitTransaction(ctx, acts, nil) // L: TL401
	return err
}

// RunFixed writes a transaction of fifty (added: the size fixed in code).
func (w *Worker) RunFixed(ctx context.Context) error {
	acts := make([]aztables.TransactionAction, 50)
	for i := range acts {
		w.plain["RowKey"] = fmt.Sprintf("%03d", i)
		b, _ := json.Marshal(w.plain)
		acts[i] = aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b}
	}
	_, err := w.tc.SubmitTransaction(ctx, acts, nil) // S
	return err
}

// List reads the worker's partition back, every page.
func (w *Worker) List(ctx context.Context) (int, error) {
	f := fmt.Sprintf("PartitionKey eq '%s'", w.plain["PartitionKey"])             // S
	pager := w.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // S
	n := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}
