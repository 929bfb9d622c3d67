package hot

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

type Event struct {
	aztables.Entity
	Message string
}

func hourly(ctx context.Context, c *aztables.Client, id, msg string) error {
	e := Event{Entity: aztables.Entity{
		PartitionKey: time.Now().UTC().Format("2006010215"), // want `TL209: PartitionKey written by AddEntity comes only from time.Now\(\)`
		RowKey:       id,
	}, Message: msg}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

func bucket(ctx context.Context, c *aztables.Client, id string) {
	now := time.Now()
	hour := now.Unix() / 3600
	m := map[string]any{
		"PartitionKey": "h" + strconv.FormatInt(hour, 10), // want `TL209: PartitionKey written by UpsertEntity`
		"RowKey":       id,
	}
	b, _ := json.Marshal(m)
	c.UpsertEntity(ctx, b, nil)
}

var seq int64

func counter(ctx context.Context, c *aztables.Client) {
	n := atomic.AddInt64(&seq, 1)
	var actions []aztables.TransactionAction
	e := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: fmt.Sprintf("%019d", n), RowKey: "a"}} // want `TL209: PartitionKey written by SubmitTransaction comes only from a counter`
	b, _ := json.Marshal(e)
	actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b})
	c.SubmitTransaction(ctx, actions, nil)
}

var next int

func plusplus(ctx context.Context, c *aztables.Client) {
	next++
	var e Event
	e.PartitionKey = strconv.Itoa(next) // want `TL209: PartitionKey written by UpdateEntity comes only from a counter`
	e.RowKey = "x"
	b, _ := json.Marshal(&e)
	c.UpdateEntity(ctx, b, nil)
}

func legacy(t *storage.Table, rk string) error {
	e := t.GetEntityReference(time.Now().Format("20060102"), rk) // want `TL209: PartitionKey written by Insert`
	return e.Insert(storage.NoMetadata, nil)
}

func legacyBatch(t *storage.Table, rk string) error {
	b := t.NewBatch()
	b.InsertEntity(&storage.Entity{PartitionKey: time.Now().Format("2006-01-02"), RowKey: rk}) // want `TL209: PartitionKey written by InsertEntity`
	return b.ExecuteBatch()
}
