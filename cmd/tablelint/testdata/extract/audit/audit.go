// Package audit appends audit events, one partition per day, and keeps
// counters as EDMEntity values.
package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

// Log writes audit events.
type Log struct{ c *aztables.Client }

// New returns a log writing to the AuditEvents table.
func New(cred *aztables.SharedKeyCredential) (*Log, error) {
	c, err := aztables.NewClientWithSharedKey("https://acct.table.core.windows.net/AuditEvents", cred, nil)
	if err != nil {
		return nil, err
	}
	return &Log{c: c}, nil
}

// Record appends an event.
func (l *Log) Record(ctx context.Context, user, action string) error {
	ev := map[string]any{
		"PartitionKey":  time.Now().UTC().Format("20060102"),
		"RowKey":        uuid.New().String(),
		"User":          user,
		"Action":        action,
		"At":            time.Now().UTC().Format(time.RFC3339),
		"At@odata.type": "Edm.DateTime",
		"Severity":      3,
	}
	b, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	_, err = l.c.AddEntity(ctx, b, nil)
	return err
}

// Count increments a user's counter.
func (l *Log) Count(ctx context.Context, user string, n int64) error {
	e := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: "counters", RowKey: user},
		Properties: map[string]any{
			"Total": aztables.EDMInt64(n),
		},
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = l.c.UpsertEntity(ctx, b, nil)
	return err
}

// Day lists a day's events.
func (l *Log) Day(ctx context.Context, day time.Time) (int, error) {
	f := fmt.Sprintf("PartitionKey eq '%s'", day.Format("20060102"))
	p := l.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	n := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}
