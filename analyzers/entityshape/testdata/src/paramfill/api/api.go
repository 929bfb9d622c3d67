// Package api reads request bodies and files and hands them to the store
// package (another package: followed with facts).
package api

import (
	"context"
	"io"
	"net/http"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"paramfill/store"
)

func upload(ctx context.Context, c *aztables.Client, r *http.Request) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	return store.SaveAttachment(ctx, c, r.FormValue("id"), body, r.FormValue("note")) // want `TL123: property Data is filled from io.ReadAll\(r.Body\) with no length check` `TL122: property Note is filled from a request form value with no length check`
}

func fromFile(ctx context.Context, c *aztables.Client, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return store.Forward(ctx, c, path, data) // want `TL123: property Data is filled from a whole file`
}

// Must stay silent: the caller checks the length first.
func checked(ctx context.Context, c *aztables.Client, r *http.Request) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	if len(body) > 60<<10 {
		return http.ErrBodyNotAllowed
	}
	return store.SaveAttachment(ctx, c, "id", body, "")
}

// Must stay silent: the body is limited to 32 KiB.
func limited(ctx context.Context, c *aztables.Client, r *http.Request) error {
	body, err := io.ReadAll(io.LimitReader(r.Body, 32<<10))
	if err != nil {
		return err
	}
	return store.SaveAttachment(ctx, c, "id", body, "")
}

// Must stay silent: the store checks the length itself.
func storeChecks(ctx context.Context, c *aztables.Client, r *http.Request) error {
	body, _ := io.ReadAll(r.Body)
	return store.SaveChecked(ctx, c, "id", body)
}

// Must stay silent: a constant, not an unbounded input.
func constant(ctx context.Context, c *aztables.Client) error {
	return store.SaveAttachment(ctx, c, "id", []byte("hello"), "note")
}

// Must stay silent: truncated to 32 KiB before it is passed.
func truncated(ctx context.Context, c *aztables.Client, r *http.Request) error {
	body, _ := io.ReadAll(r.Body)
	return store.SaveAttachment(ctx, c, "id", body[:min(len(body), 32<<10)], "")
}

func tenMegabytes(ctx context.Context, c *aztables.Client, w http.ResponseWriter, r *http.Request) error {
	body, _ := io.ReadAll(http.MaxBytesReader(w, r.Body, 10<<20))
	return store.SaveAttachment(ctx, c, "id", body, "") // want `TL123: property Data is filled with up to 10485760 bytes, over the Binary limit` `TL121: property Data is filled with up to 10485760 bytes, over the 1 MiB entity limit`
}
