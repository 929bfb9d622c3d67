// Package pointreads: numeric keys of point reads and deletes, formatted
// the ways writes format them.
package pointreads

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

type store struct{ c *aztables.Client }

// reader is the client as the handlers see it.
type reader interface {
	GetEntity(ctx context.Context, partitionKey, rowKey string, options *aztables.GetEntityOptions) (aztables.GetEntityResponse, error)
}

func viaVar(ctx context.Context, c *aztables.Client, id int) {
	rk := fmt.Sprint(id) // want `TL204: numeric RowKey component formatted with fmt.Sprint`
	_, _ = c.GetEntity(ctx, "orders", rk, nil)
}

func sprintfD(ctx context.Context, c *aztables.Client, id int64) {
	_, _ = c.DeleteEntity(ctx, "orders", fmt.Sprintf("%d", id), &aztables.DeleteEntityOptions{}) // want `TL204: numeric RowKey component formatted with %d`
}

func viaInterface(ctx context.Context, r reader, n int) {
	_, _ = r.GetEntity(ctx, "orders", strconv.Itoa(n), nil) // want `TL204: numeric RowKey component formatted with strconv.Itoa`
}

// get wraps the read: its callers' keys are checked.
func (s *store) get(ctx context.Context, pk, rk string) error {
	_, err := s.c.GetEntity(ctx, pk, rk, nil)
	return err
}

func (s *store) remove(ctx context.Context, pk, rk string) error {
	_, err := s.c.DeleteEntity(ctx, pk, rk, nil)
	return err
}

func viaWrapper(ctx context.Context, s *store, shop, n int) {
	_ = s.get(ctx, strconv.Itoa(shop), "x")    // want `TL204: numeric PartitionKey component formatted with strconv.Itoa`
	_ = s.remove(ctx, "orders", fmt.Sprint(n)) // want `TL204: numeric RowKey component formatted with fmt.Sprint`
}

func legacyRef(t *storage.Table, n uint32) error {
	e := t.GetEntityReference("orders", fmt.Sprintf("%d", n)) // want `TL204: numeric RowKey component formatted with %d`
	return e.Delete(true, nil)
}

// Silent: padded, constant, Unix times, strings.
func silent(ctx context.Context, c *aztables.Client, s *store, t *storage.Table, id int64, name string) {
	_, _ = c.GetEntity(ctx, "orders", fmt.Sprintf("%019d", id), nil)
	_, _ = c.DeleteEntity(ctx, "orders", fmt.Sprintf("%010d", int32(id)), nil)
	_, _ = c.GetEntity(ctx, "orders", strconv.Itoa(42), nil)
	_, _ = c.GetEntity(ctx, "orders", strconv.FormatInt(time.Now().Unix(), 10), nil)
	_, _ = c.GetEntity(ctx, "orders", name, nil)
	_ = s.get(ctx, "orders", fmt.Sprintf("%019d", id))
	_ = t.GetEntityReference("orders", fmt.Sprint(time.Now().UnixNano())).Delete(true, nil)
}
