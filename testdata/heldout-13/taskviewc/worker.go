package taskviewc

import (
	"context"
	"encoding/json"
	"log"
	"time"
)

// Run dequeues events one at a time, applies them, warms the user's task
// pages and deletes the message; a failed event is left to be delivered
// again.
func Run(ctx context.Context, conn string) error {
	s, err := newStore(conn, "events", "Tasks", "Users", "Settings")
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		resp, err := s.events.DequeueMessage(ctx, nil)
		if err != nil || len(resp.Messages) == 0 {
			time.Sleep(time.Second)
			continue
		}
		m := resp.Messages[0]
		var ev event
		if err := json.Unmarshal([]byte(*m.MessageText), &ev); err != nil {
			log.Printf("bad event: %v", err)
			continue
		}
		switch ev.Entity {
		case "task":
			err = applyTask(ctx, s, ev)
		default:
			err = applyUser(ctx, s, ev)
		}
		if err != nil {
			log.Printf("event %s: %v", ev.ID, err)
			continue
		}
		if ev.Entity == "task" {
			warm(ctx, s, ev.User, 3)
		}
		if _, err := s.events.DeleteMessage(ctx, *m.MessageID, *m.PopReceipt, nil); err != nil {
			log.Printf("delete: %v", err)
		}
	}
	return nil
}

// warm reads the user's first few pages of tasks, following the
// continuation from page to page, for the cache.
func warm(ctx context.Context, s *store, user string, pages int) {
	var pk, rk *string
	for i := 0; i < pages; i++ {
		rows, nextPK, nextRK, err := s.taskPage(ctx, user, 50, pk, rk) // S
		if err != nil {
			log.Printf("warm %s: %v", user, err)
			return
		}
		log.Printf("cached %d tasks of %s", len(rows), user)
		if nextPK == nil {
			return
		}
		pk, rk = nextPK, nextRK
	}
}
