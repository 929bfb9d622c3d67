// Package readresults: transactions with one action per entity a read
// returned — every page of a list gathered by a helper, the segment of a
// legacy query — with no chunking.
package readresults

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

type task struct {
	Board, ID, Title string
}

type boards struct {
	tc, done *aztables.Client
}

// tasks gathers every task of a board, page after page.
func (b *boards) tasks(ctx context.Context, board string) ([]task, error) {
	f := "PartitionKey eq 'b1'"
	pager := b.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	var out []task
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row map[string]any
			if err := json.Unmarshal(raw, &row); err != nil {
				return nil, err
			}
			id, _ := row["RowKey"].(string)
			title, _ := row["Title"].(string)
			out = append(out, task{Board: board, ID: id, Title: title})
		}
	}
	return out, nil
}

// close moves every task of the board in one transaction.
func (b *boards) close(ctx context.Context, board string) error {
	ts, err := b.tasks(ctx, board)
	if err != nil {
		return err
	}
	var acts []aztables.TransactionAction
	for _, t := range ts {
		e, _ := json.Marshal(map[string]any{"PartitionKey": board, "RowKey": t.ID, "Title": t.Title})
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertMerge, Entity: e})
	}
	_, err = b.done.SubmitTransaction(ctx, acts, nil) // want `TL401: this transaction gets one action per element of ts \(line 52\), with no limit`
	return err
}

// Silent: the same read, sent 100 actions at a time.
func (b *boards) closeChunked(ctx context.Context, board string) error {
	ts, err := b.tasks(ctx, board)
	if err != nil {
		return err
	}
	var acts []aztables.TransactionAction
	for _, t := range ts {
		e, _ := json.Marshal(map[string]any{"PartitionKey": board, "RowKey": t.ID})
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertMerge, Entity: e})
		if len(acts) == 100 {
			if _, err := b.done.SubmitTransaction(ctx, acts, nil); err != nil {
				return err
			}
			acts = acts[:0]
		}
	}
	if len(acts) > 0 {
		_, err = b.done.SubmitTransaction(ctx, acts, nil)
	}
	return err
}

// labels is a helper whose list is built here, of three entries.
func labels(board string) []task {
	return []task{{Board: board, ID: "todo"}, {Board: board, ID: "doing"}, {Board: board, ID: "done"}}
}

// Silent: a list the code builds, of a known size.
func (b *boards) seed(ctx context.Context, board string) error {
	var acts []aztables.TransactionAction
	for _, t := range labels(board) {
		e, _ := json.Marshal(map[string]any{"PartitionKey": board, "RowKey": t.ID})
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: e})
	}
	_, err := b.done.SubmitTransaction(ctx, acts, nil)
	return err
}

// purge deletes what one legacy query segment returned, in one batch.
func purge(t *storage.Table) error {
	res, err := t.QueryEntities(30, storage.NoMetadata, &storage.QueryOptions{Filter: "PartitionKey eq 'old'"})
	if err != nil {
		return err
	}
	batch := t.NewBatch()
	for _, e := range res.Entities {
		batch.DeleteEntity(e, true)
	}
	return batch.ExecuteBatch() // want `TL401: this transaction gets one action per element of res.Entities \(line 106\), with no limit`
}

// Silent: a segment capped at 100 by the query's Top.
func purgeTop(t *storage.Table) error {
	res, err := t.QueryEntities(30, storage.NoMetadata, &storage.QueryOptions{Filter: "PartitionKey eq 'old'", Top: 100})
	if err != nil {
		return err
	}
	batch := t.NewBatch()
	for _, e := range res.Entities {
		batch.DeleteEntity(e, true)
	}
	return batch.ExecuteBatch()
}

// Silent: every segment of a query capped at 100, the next ones fetched
// with NextResults, which repeats the first request's $top.
func sweepTopPages(t *storage.Table) error {
	res, err := t.QueryEntities(30, storage.NoMetadata, &storage.QueryOptions{Filter: "PartitionKey eq 'old'", Top: 100})
	for err == nil {
		batch := t.NewBatch()
		for _, e := range res.Entities {
			batch.DeleteEntity(e, true)
		}
		if err := batch.ExecuteBatch(); err != nil {
			return err
		}
		if res.NextLink == nil {
			return nil
		}
		res, err = res.NextResults(nil)
	}
	return err
}

// The same pages without a Top: a segment can hold up to 1,000 entities.
func sweepPages(t *storage.Table) error {
	res, err := t.QueryEntities(30, storage.NoMetadata, &storage.QueryOptions{Filter: "PartitionKey eq 'old'"})
	for err == nil {
		batch := t.NewBatch()
		for _, e := range res.Entities {
			batch.DeleteEntity(e, true)
		}
		if err := batch.ExecuteBatch(); err != nil { // want `TL401: this transaction gets one action per element of res.Entities \(line 150\), with no limit`
			return err
		}
		if res.NextLink == nil {
			return nil
		}
		res, err = res.NextResults(nil)
	}
	return err
}
