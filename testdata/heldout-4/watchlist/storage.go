// Package watchlist keeps a media downloader's watch list: one row per
// title, the media category as PartitionKey and the catalogue id as RowKey.
package watchlist

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Entry is one watched title.
type Entry struct {
	Category string
	DBID     string
	Title    string
	MediaKey uint
}

// ErrDuplicate is returned when the title is already watched.
var ErrDuplicate = errors.New("watchlist: already watched")

// Storage wraps the "watch" table.
type Storage struct{ client *aztables.Client }

// Connect opens the watch table.
func Connect(conn string) *Storage {
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil)
	if err != nil {
		log.Fatalf("watchlist: %v", err)
	}
	return &Storage{client: svc.NewClient("watch")}
}

// Exists reports whether a title is watched.
func (s *Storage) Exists(ctx context.Context, category, id string) (bool, error) {
	_, err := s.client.GetEntity(ctx, category, id, nil)
	if err == nil {
		return true, nil
	}
	var re *azcore.ResponseError
	if errors.As(err, &re) && re.StatusCode == http.StatusNotFound {
		return false, nil
	}
	return false, err
}

// Add watches a title once.
func (s *Storage) Add(ctx context.Context, e Entry) error {
	if ok, err := s.Exists(ctx, e.Category, e.DBID); err != nil || ok {
		if ok {
			return ErrDuplicate
		}
		return err
	}
	b, err := json.Marshal(aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: e.Category, RowKey: e.DBID},
		Properties: map[string]any{
			"Title":    e.Title,
			"MediaKey": e.MediaKey, // S
		},
	})
	if err != nil {
		return fmt.Errorf("marshal entry: %w", err)
	}
	_, err = s.client.AddEntity(ctx, b, nil)
	return err
}

// AddEpisode watches one episode of a show, keyed under the show.
func (s *Storage) AddEpisode(ctx context.Context, show, episode string) error {
	b, _ := json.Marshal(aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: "tv", RowKey: show + "/" + episode}, // L: TL201
	})
	_, err := s.client.AddEntity(ctx, b, nil)
	return err
}

// Import watches a list of titles of one category.
func (s *Storage) Import(ctx context.Context, category string, titles map[string]string) error {
	for id, title := range titles {
		b, _ := json.Marshal(map[string]any{"PartitionKey": category, "RowKey": id, "Title": title})
		if _, err := s.client.AddEntity(ctx, b, nil); err != nil { // L: TL406
			return err
		}
	}
	return nil
}

// Rename corrects a title.
func (s *Storage) Rename(ctx context.Context, category, id, title string) error {
	resp, err := s.client.GetEntity(ctx, category, id, nil)
	if err != nil {
		return err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return err
	}
	e.Properties["Title"] = title
	b, _ := json.Marshal(e)
	_, err = s.client.UpdateEntity(ctx, b, nil) // L: TL414
	return err
}

// List returns every watched title.
func (s *Storage) List(ctx context.Context) ([]Entry, error) {
	return s.collect(ctx, s.client.NewListEntitiesPager(nil)) // L: TL301
}

// Category returns the titles of one category.
func (s *Storage) Category(ctx context.Context, category string) ([]Entry, error) {
	f := "PartitionKey eq '" + strings.ReplaceAll(category, "'", "''") + "'" // S
	return s.collect(ctx, s.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}))
}

// FindTitle looks a title up within a category.
func (s *Storage) FindTitle(ctx context.Context, category, title string) ([]Entry, error) {
	f := "PartitionKey eq '" + strings.ReplaceAll(category, "'", "''") + "' and Title eq '" + title + "'" // L: TL321
	return s.collect(ctx, s.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}))       // L: TL303
}

type pages interface {
	More() bool
	NextPage(context.Context) (aztables.ListEntitiesResponse, error)
}

func (s *Storage) collect(ctx context.Context, p pages) ([]Entry, error) {
	var out []Entry
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if json.Unmarshal(raw, &e) != nil {
				continue
			}
			title, _ := e.Properties["Title"].(string)
			out = append(out, Entry{Category: e.PartitionKey, DBID: e.RowKey, Title: title})
		}
	}
	return out, nil
}
