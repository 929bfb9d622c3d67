// Package api serves notes over HTTP through a repository interface.
package api

import (
	"context"
	"fmt"
	"strings"

	"example.com/read-write-quick/notestore/store"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Finder is what the handlers need from storage.
type Finder interface {
	Where(ctx context.Context, filter string) ([][]byte, error)
}

var _ Finder = (*store.Notes)(nil)

// API serves notes.
type API struct {
	F     Finder
	Notes *store.Notes
}

// ByTag finds notes with a tag across every owner.
func (a *API) ByTag(ctx context.Context, tag string) ([][]byte, error) {
	return a.F.Where(ctx, "Tag eq '"+strings.ReplaceAll(tag, "'", "''")+"'") // L: TL301
}

// ByOwner lists one owner's notes.
func (a *API) ByOwner(ctx context.Context, owner string) ([][]byte, error) {
	return a.F.Where(ctx, fmt.Sprintf("PartitionKey eq '%s'", owner)) // L: TL321
}

// All lists every note for an export.
func (a *API) All(ctx context.Context) (int, error) {
	n := 0
	err := a.Notes.Each(ctx, nil, func([]byte) { n++ }) // L: TL301
	return n, err
}

// Since lists one owner's notes changed after a time.
func (a *API) Since(ctx context.Context, owner string, after int64) (int, error) {
	f := fmt.Sprintf("PartitionKey eq '%s' and Changed gt %d", strings.ReplaceAll(owner, "'", "''"), after) // S
	n := 0
	err := a.Notes.Each(ctx, &aztables.ListEntitiesOptions{Filter: &f}, func([]byte) { n++ }) // L: TL303
	return n, err
}
