// Package sharedhelper: a handler (declared first, so its call is walked
// before the store's own calls) passes a query value, checked only for
// emptiness, through a generic interface to a method that makes it a key
// twice: through a private helper that an exported method, called
// nowhere in the package, shares, and at its own DeleteEntity. Both
// places are reported, each naming the handler's line.
package sharedhelper

import (
	"context"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Locker struct{ Coats Rack[Coat] }

func (l *Locker) Collect(w http.ResponseWriter, r *http.Request) {
	tag := r.URL.Query().Get("tag")
	if tag == "" {
		http.Error(w, "no tag", http.StatusBadRequest)
		return
	}
	l.Coats.Release("coats", tag)
}

// Rack keeps values under a partition and a row.
type Rack[T any] interface {
	Look(part, id string) (T, bool)
	Release(part, id string) (T, bool)
}

type Coat struct{ Owner string }

type tableRack[T any] struct{ tc *aztables.Client }

func NewLocker(tc *aztables.Client) *Locker {
	return &Locker{Coats: &tableRack[Coat]{tc: tc}}
}

// Look is exported and called by nothing in the package: what its
// callers give is unknown.
func (k *tableRack[T]) Look(part, id string) (T, bool) {
	v, _, ok := k.fetch(part, id)
	return v, ok
}

// Release reads through the shared helper, then deletes under the ETag.
func (k *tableRack[T]) Release(part, id string) (T, bool) {
	v, tag, ok := k.fetch(part, id)
	if !ok {
		return v, false
	}
	_, err := k.tc.DeleteEntity(context.Background(), part, id, &aztables.DeleteEntityOptions{IfMatch: &tag}) // want `TL201: RowKey comes from the request \(r.URL.Query\(\).Get, passed at line 25\) unchecked`
	return v, err == nil
}

func (k *tableRack[T]) fetch(part, id string) (T, azcore.ETag, bool) {
	var zero T
	got, err := k.tc.GetEntity(context.Background(), part, id, nil) // want `TL201: RowKey comes from the request \(r.URL.Query\(\).Get, passed at line 25\) unchecked`
	if err != nil {
		return zero, "", false
	}
	return zero, got.ETag, true
}
