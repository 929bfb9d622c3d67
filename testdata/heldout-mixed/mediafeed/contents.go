// Package mediafeed stores scraped media posts for a recommendation
// service: the source site as PartitionKey, the post id as RowKey, new
// posts inserted and known ones merged under their ETag, in transactions.
package mediafeed

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// batchSize is how many posts go in one transaction.
const batchSize = 50

// Post is one scraped item.
type Post struct {
	aztables.Entity
	Source      string    `json:"source"`
	ID          string    `json:"id"`
	Kind        string    `json:"kind"`
	Channel     string    `json:"channel"`
	Title       string    `json:"title"`
	Text        string    `json:"text"`
	Subscribers int       `json:"subscribers"`
	Created     time.Time `json:"created"`
	Replies     []Post    `json:"replies,omitempty"` // L: TL126
}

// Store is the contents table.
type Store struct {
	tc *aztables.Client
}

func window(posts []Post, from, n int) []Post {
	to := from + n
	if to > len(posts) {
		to = len(posts)
	}
	return posts[from:to]
}

func (s *Store) action(ctx context.Context, p Post) aztables.TransactionAction {
	p.Replies = nil
	p.Entity = aztables.Entity{PartitionKey: p.Source, RowKey: p.ID}
	b, _ := json.Marshal(p)
	if got, err := s.tc.GetEntity(ctx, p.Source, p.ID, nil); err == nil {
		tag := got.ETag
		return aztables.TransactionAction{ActionType: aztables.TransactionTypeUpdateMerge, IfMatch: &tag, Entity: b} // S
	}
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b}
}

// SaveAll writes posts in windows of batchSize, whatever their sources.
func (s *Store) SaveAll(ctx context.Context, posts []Post) error {
	for i := 0; i < len(posts); i += batchSize {
		part := window(posts, i, batchSize)
		acts := make([]aztables.TransactionAction, len(part))
		for j, p := range part {
			acts[j] = s.action(ctx, p)
		}
		if _, err := s.tc.SubmitTransaction(ctx, acts, nil); err != nil { // L: TL403
			return err
		}
	}
	return nil
}

// SaveOnce writes every post in one transaction (the first version).
func (s *Store) SaveOnce(ctx context.Context, posts []Post) error {
	acts := make([]aztables.TransactionAction, len(posts))
	for i, p := range posts {
		acts[i] = s.action(ctx, p)
	}
	_, err := s.tc.SubmitTransaction(ctx, acts, nil) // L: TL401 TL403
	return err
}

// SaveThread stores a post with its replies nested in it (added: the
// replies left in).
func (s *Store) SaveThread(ctx context.Context, p Post) error {
	p.Entity = aztables.Entity{PartitionKey: p.Source, RowKey: p.ID}
	b, _ := json.Marshal(p)
	_, err := s.tc.AddEntity(ctx, b, nil)
	return err
}

// BigChannels lists channels with at least min subscribers.
func (s *Store) BigChannels(ctx context.Context, min int) ([]Post, error) {
	f := "PartitionKey eq 'channel' and subscribers ge " + itoa(min)              // S
	pager := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL303
	var out []Post
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var p Post
			if json.Unmarshal(raw, &p) == nil {
				out = append(out, p)
			}
		}
	}
	return out, nil
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	if neg {
		b = append([]byte{'-'}, b...)
	}
	return string(b)
}

// Follow counts a new subscriber of a channel post (added: a counter kept
// in the post).
func (s *Store) Follow(ctx context.Context, source, id string) error {
	got, err := s.tc.GetEntity(ctx, source, id, nil)
	if err != nil {
		return err
	}
	var p Post
	if err := json.Unmarshal(got.Value, &p); err != nil {
		return err
	}
	p.Subscribers++
	b, _ := json.Marshal(p)
	_, err = s.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // L: TL414
	return err
}

// Handler serves one post by the source and id in the path (added).
func (s *Store) Handler(w http.ResponseWriter, r *http.Request) {
	got, err := s.tc.GetEntity(r.Context(), r.PathValue("source"), r.PathValue("id"), nil) // L: TL201 TL201
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	_, _ = w.Write(got.Value)
}
