// Package catalog stores versioned catalogue items: a category per
// partition, the item number as RowKey, optimistic concurrency on update.
package catalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Item is the model.
type Item struct {
	ID       int
	Category string
	Name     string
	Price    float64
	Version  int
}

// ErrConflict is returned when the item changed since it was read; the
// API answers 409 and the client reloads.
var ErrConflict = errors.New("catalog: item was changed by someone else")

// ErrExists is returned when an item with the ID already exists.
var ErrExists = errors.New("catalog: item exists")

// Repo is the table repository.
type Repo struct {
	client *aztables.Client
}

func rowKey(id int) string {
	return strconv.FormatInt(int64(id), 10) // L: TL204
}

// Create inserts a new item; a second create of the same ID fails.
func (r *Repo) Create(ctx context.Context, it Item) error {
	now := time.Now().UTC()
	row := map[string]any{
		"PartitionKey": it.Category,
		"RowKey":       rowKey(it.ID),
		"Name":         it.Name,
		"Price":        it.Price,
		"Version":      1,
		"CreatedAt":    now.Format(time.RFC3339),
	}
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	if _, err := r.client.AddEntity(ctx, b, nil); err != nil { // S
		var re *azcore.ResponseError
		if errors.As(err, &re) && re.StatusCode == http.StatusConflict {
			return ErrExists
		}
		return err
	}
	return nil
}

// Update writes a changed item if nobody changed it since it was read.
func (r *Repo) Update(ctx context.Context, it *Item) error {
	existing, err := r.client.GetEntity(ctx, it.Category, rowKey(it.ID), nil)
	if err != nil {
		return fmt.Errorf("read item: %w", err)
	}
	it.Version++
	row := map[string]any{
		"PartitionKey": it.Category,
		"RowKey":       rowKey(it.ID),
		"Name":         it.Name,
		"Price":        it.Price,
		"Version":      it.Version,
		"UpdatedAt":    time.Now().UTC().Format(time.RFC3339),
	}
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	opts := &aztables.UpdateEntityOptions{IfMatch: &existing.ETag, UpdateMode: aztables.UpdateModeMerge}
	if _, err := r.client.UpdateEntity(ctx, b, opts); err != nil { // S
		var re *azcore.ResponseError
		if errors.As(err, &re) && re.StatusCode == http.StatusPreconditionFailed {
			it.Version--
			return ErrConflict
		}
		return err
	}
	return nil
}

// Delete removes an item at the version the caller saw.
func (r *Repo) Delete(ctx context.Context, category string, id int, etag azcore.ETag) error {
	_, err := r.client.DeleteEntity(ctx, category, rowKey(id), &aztables.DeleteEntityOptions{IfMatch: &etag}) // S
	return err
}

// List returns a category's items in item-number order (the order the
// service returns them in: by RowKey).
func (r *Repo) List(ctx context.Context, category string) ([]Item, error) {
	f := fmt.Sprintf("PartitionKey eq '%s'", escape(category))
	p := r.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	var out []Item
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row struct {
				RowKey string
				Name   string
				Price  float64
			}
			if err := json.Unmarshal(raw, &row); err != nil {
				return nil, err
			}
			id, _ := strconv.Atoi(row.RowKey)
			out = append(out, Item{ID: id, Category: category, Name: row.Name, Price: row.Price})
		}
	}
	return out, nil
}

func escape(s string) string { return strings.ReplaceAll(s, "'", "''") }
