package cutrows

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const chunk = 60000 // bytes of one Binary property

// slices splits an attachment into one entity per chunk.
func slices(t *storage.Table, id string, blob []byte) []*storage.Entity {
	var out []*storage.Entity
	for i := 0; len(blob) > 0; i++ {
		n := min(chunk, len(blob))
		e := t.GetEntityReference(id, fmt.Sprintf("part-%03d", i))
		e.Properties = map[string]interface{}{"Data": blob[:n]}
		blob = blob[n:]
		out = append(out, e)
	}
	return out
}

// SaveLarge accepts attachments of up to 16 MiB and writes every piece
// in one batch: the batch can carry far more than its payload limit.
func SaveLarge(t *storage.Table, id string, blob []byte) error {
	if len(blob) > 16<<20 {
		return errors.New("attachment too large")
	}
	b := t.NewBatch()
	for _, e := range slices(t, id, blob) {
		b.InsertEntity(e)
	}
	return b.ExecuteBatch() // want `TL401: a value of up to 16 MiB is cut into this transaction: it can exceed the 4 MiB payload limit`
}

// SaveSmall keeps attachments under 2 MiB: every piece fits one batch.
func SaveSmall(t *storage.Table, id string, blob []byte) error {
	if len(blob) > 2<<20 {
		return errors.New("attachment too large")
	}
	b := t.NewBatch()
	for _, e := range slices(t, id, blob) {
		b.InsertEntity(e)
	}
	return b.ExecuteBatch()
}

// SaveAny cuts what its callers give it, with no limit, in the loop
// that fills the batch.
func SaveAny(t *storage.Table, id string, text string, blob []byte) error {
	b := t.NewBatch()
	for i := 0; len(blob) > 0; i++ {
		n := min(chunk, len(blob))
		e := t.GetEntityReference(id, fmt.Sprint(i))
		e.Properties = map[string]interface{}{"Data": blob[:n]}
		blob = blob[n:]
		b.InsertEntity(e)
	}
	return b.ExecuteBatch() // want `TL401: a caller's \[\]byte, of any size, is cut into this transaction`
}

// saveEach writes every piece in a batch of its own: no one batch holds
// the whole value.
func saveEach(t *storage.Table, id string, blob []byte) error {
	for _, e := range slices(t, id, blob) {
		b := t.NewBatch()
		b.InsertEntity(e)
		if err := b.ExecuteBatch(); err != nil {
			return err
		}
	}
	return nil
}

// Store keeps a document of up to 32 MiB as rows of one transaction.
func Store(ctx context.Context, c *aztables.Client, id string, doc []byte) error {
	if len(doc) > 32<<20 {
		return errors.New("document too large")
	}
	var acts []aztables.TransactionAction
	for i := 0; len(doc) > 0; i++ {
		n := min(chunk, len(doc))
		row, _ := json.Marshal(map[string]any{"PartitionKey": id, "RowKey": fmt.Sprint(i), "Data": doc[:n]})
		doc = doc[n:]
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: row})
	}
	_, err := c.SubmitTransaction(ctx, acts, nil) // want `TL401: a value of up to 32 MiB is cut into this transaction`
	return err
}

// StoreInSteps submits every 40 rows: each transaction holds a part.
func StoreInSteps(ctx context.Context, c *aztables.Client, id string, doc []byte) error {
	if len(doc) > 32<<20 {
		return errors.New("document too large")
	}
	var acts []aztables.TransactionAction
	for i := 0; len(doc) > 0; i++ {
		n := min(chunk, len(doc))
		row, _ := json.Marshal(map[string]any{"PartitionKey": id, "RowKey": fmt.Sprint(i), "Data": doc[:n]})
		doc = doc[n:]
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: row})
		if len(acts) == 40 {
			if _, err := c.SubmitTransaction(ctx, acts, nil); err != nil {
				return err
			}
			acts = nil
		}
	}
	_, err := c.SubmitTransaction(ctx, acts, nil)
	return err
}
