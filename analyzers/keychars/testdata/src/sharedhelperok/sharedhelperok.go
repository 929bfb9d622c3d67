// Package sharedhelperok is sharedhelper's twin: the handler checks the
// tag's characters before the call, and the exported method no call of
// the package reaches gives its parameters no known value: silent.
package sharedhelperok

import (
	"context"
	"net/http"
	"regexp"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

var tagRe = regexp.MustCompile(`^[a-z0-9]{1,32}$`)

type Locker struct{ Coats Rack[Coat] }

func (l *Locker) Collect(w http.ResponseWriter, r *http.Request) {
	tag := r.URL.Query().Get("tag")
	if !tagRe.MatchString(tag) {
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
	_, err := k.tc.DeleteEntity(context.Background(), part, id, &aztables.DeleteEntityOptions{IfMatch: &tag})
	return v, err == nil
}

func (k *tableRack[T]) fetch(part, id string) (T, azcore.ETag, bool) {
	var zero T
	got, err := k.tc.GetEntity(context.Background(), part, id, nil)
	if err != nil {
		return zero, "", false
	}
	return zero, got.ETag, true
}
