package fieldnow

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Reading is one meter reading; Taken is set by whoever makes one.
type Reading struct {
	Meter string
	Value float64
	Taken time.Time
}

// Queued is a job; Enqueued is always the time it was queued.
type Queued struct {
	ID       string
	Enqueued time.Time
}

// The day bucket of a field that every store in the package sets to
// the current time: every write of the moment goes to one partition.
func jobRow(q Queued) aztables.EDMEntity {
	return aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: q.Enqueued.UTC().Format("20060102"), RowKey: q.ID}, // want `TL209: PartitionKey written by SubmitTransaction comes only from time.Now\(\)`
	}
}

func enqueueAll(ctx context.Context, c *aztables.Client, ids []string) error {
	now := time.Now()
	var acts []aztables.TransactionAction
	for _, id := range ids {
		b, _ := json.Marshal(jobRow(Queued{ID: id, Enqueued: now}))
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b})
	}
	_, err := c.SubmitTransaction(ctx, acts, nil)
	return err
}

func requeue(q *Queued) { q.Enqueued = time.Now().UTC() }

// Silent below.

// Taken is the time from the request in one place and now in another:
// the key follows the readings' own times.
func readingRow(r Reading) aztables.EDMEntity {
	return aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: r.Taken.Format("2006010215"), RowKey: r.Meter},
	}
}

func save(ctx context.Context, c *aztables.Client, r Reading) error {
	b, _ := json.Marshal(readingRow(r))
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

func fromForm(ctx context.Context, c *aztables.Client, req *http.Request) error {
	at, err := time.Parse(time.RFC3339, req.FormValue("at"))
	if err != nil {
		return err
	}
	return save(ctx, c, Reading{Meter: req.FormValue("meter"), Taken: at})
}

func live(ctx context.Context, c *aztables.Client, meter string, v float64) error {
	return save(ctx, c, Reading{Meter: meter, Value: v, Taken: time.Now()})
}

// Decoded from a body: the times are the sender's, whatever the one
// store in the package sets.
type Upload struct {
	ID   string
	Sent time.Time
}

func uploadRow(u Upload) aztables.EDMEntity {
	return aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: u.Sent.Format("20060102"), RowKey: u.ID}}
}

func receive(ctx context.Context, c *aztables.Client, body []byte) error {
	var u Upload
	if err := json.Unmarshal(body, &u); err != nil {
		return err
	}
	b, _ := json.Marshal(uploadRow(u))
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

func resend(u *Upload) { u.Sent = time.Now() }
