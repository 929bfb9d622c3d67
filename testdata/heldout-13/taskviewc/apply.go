package taskviewc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
)

// event is one message of the events queue.
type event struct {
	Kind   string          `json:"type"`
	Entity string          `json:"entityType"`
	ID     string          `json:"entityId"`
	User   string          `json:"userId"`
	At     int64           `json:"timestamp"`
	Data   json.RawMessage `json:"data"`
}

// taskStore is what the task projection needs.
type taskStore interface {
	getTask(ctx context.Context, user, id string) (*taskRow, error)
	insertTask(ctx context.Context, t taskRow) error
	patchTask(ctx context.Context, p taskPatch, etag string) error
}

// prefsStore is what the user projection needs.
type prefsStore interface {
	upsertUser(ctx context.Context, u userRow) error
	getPrefs(ctx context.Context, user string) (*prefsRow, error)
	upsertPrefs(ctx context.Context, p prefsRow) error
	mergePrefs(ctx context.Context, p prefsPatch) error
}

type taskFields struct {
	Title    *string `json:"title"`
	Notes    *string `json:"notes"`
	Category *string `json:"category"`
	Order    *int    `json:"order"`
	Done     *bool   `json:"done"`
}

// applyTask projects a task event. A created task must not exist yet; an
// update is merged under the ETag of the row it was checked against and, on
// a lost race, checked again against a fresh read.
func applyTask(ctx context.Context, st taskStore, ev event) error {
	user, id := ev.User, ev.ID
	var f taskFields
	if err := json.Unmarshal(ev.Data, &f); err != nil {
		return err
	}
	cur, err := st.getTask(ctx, user, id)
	if err != nil {
		return err
	}
	switch ev.Kind {
	case "task-created":
		if cur != nil {
			return fmt.Errorf("task %s already exists", id)
		}
		t := taskRow{keys: keys{PartitionKey: user, RowKey: id}, LastSeen: ev.At}
		if f.Title != nil {
			t.Title = *f.Title
		}
		if f.Notes != nil {
			t.Notes = *f.Notes
		}
		if f.Category != nil {
			t.Category = *f.Category
		}
		if f.Order != nil {
			t.Order = *f.Order
		}
		return st.insertTask(ctx, t) // S
	case "task-updated", "task-completed":
		if cur == nil {
			return fmt.Errorf("task %s not found", id)
		}
		p := taskPatch{keys: keys{PartitionKey: user, RowKey: id}, Title: f.Title, Notes: f.Notes, Category: f.Category, Order: f.Order, Done: f.Done}
		if ev.Kind == "task-completed" {
			done := true
			p.Done = &done
		}
		at := ev.At
		p.LastSeen = &at
		for {
			if ev.At <= cur.LastSeen {
				return fmt.Errorf("task %s: stale event", id)
			}
			err := st.patchTask(ctx, p, cur.etag) // S
			if !errors.Is(err, errStale) {
				return err
			}
			if cur, err = st.getTask(ctx, user, id); err != nil {
				return err
			}
			if cur == nil {
				return fmt.Errorf("task %s vanished", id)
			}
		}
	}
	return fmt.Errorf("unknown task event %s", ev.Kind)
}

type userFields struct {
	Name        string `json:"name"`
	Email       string `json:"email"`
	PerCategory *int   `json:"tasksPerCategory"`
	ShowDone    *bool  `json:"showDoneTasks"`
}

// applyUser projects user and settings events; settings changes are merged
// without a condition once the stored settings were found older.
func applyUser(ctx context.Context, st prefsStore, ev event) error {
	id := ev.ID
	var f userFields
	if err := json.Unmarshal(ev.Data, &f); err != nil {
		return err
	}
	switch ev.Kind {
	case "user-created":
		return st.upsertUser(ctx, userRow{keys: keys{PartitionKey: id, RowKey: id}, Name: f.Name, Email: f.Email}) // S
	case "user-logged-in", "user-logged-out":
		log.Printf("%s: %s", ev.Kind, ev.User)
		return nil
	case "settings-updated":
		cur, err := st.getPrefs(ctx, id)
		if err != nil {
			return err
		}
		if cur == nil {
			fresh := prefsRow{keys: keys{PartitionKey: id, RowKey: id}, LastSeen: ev.At}
			if f.PerCategory != nil {
				fresh.PerCategory = *f.PerCategory
			}
			if f.ShowDone != nil {
				fresh.ShowDone = *f.ShowDone
			}
			return st.upsertPrefs(ctx, fresh) // S
		}
		if ev.At <= cur.LastSeen {
			return fmt.Errorf("settings %s: stale event", id)
		}
		at := ev.At
		p := prefsPatch{keys: keys{PartitionKey: id, RowKey: id}, PerCategory: f.PerCategory, ShowDone: f.ShowDone, LastSeen: &at}
		if p.PerCategory == nil && p.ShowDone == nil {
			return fmt.Errorf("settings %s: nothing changed", id)
		}
		return st.mergePrefs(ctx, p) // S
	}
	return fmt.Errorf("unknown user event %s", ev.Kind)
}
