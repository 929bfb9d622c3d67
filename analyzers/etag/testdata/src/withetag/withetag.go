package withetag

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Counter struct {
	PartitionKey string
	RowKey       string
	Count        int
}

// The read's ETag: a concurrent update fails with 412.
func increment(ctx context.Context, c *aztables.Client, pk, rk string) error {
	resp, err := c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var e Counter
	_ = json.Unmarshal(resp.Value, &e)
	e.Count++
	b, _ := json.Marshal(e)
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag})
	return err
}

// IfMatch set on an options variable after the literal.
func later(ctx context.Context, c *aztables.Client, pk, rk string) error {
	resp, _ := c.GetEntity(ctx, pk, rk, nil)
	var e Counter
	_ = json.Unmarshal(resp.Value, &e)
	e.Count++
	b, _ := json.Marshal(e)
	opts := &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}
	opts.IfMatch = &resp.ETag
	_, err := c.UpdateEntity(ctx, b, opts)
	return err
}

// An ETag from elsewhere (carried by the caller): conditional all the same.
func carried(ctx context.Context, c *aztables.Client, pk, rk string, etag azcore.ETag) error {
	resp, _ := c.GetEntity(ctx, pk, rk, nil)
	var e Counter
	_ = json.Unmarshal(resp.Value, &e)
	e.Count++
	b, _ := json.Marshal(e)
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &etag})
	return err
}

// Options the analyzer cannot see.
func givenOpts(ctx context.Context, c *aztables.Client, pk, rk string, opts *aztables.UpdateEntityOptions) error {
	resp, _ := c.GetEntity(ctx, pk, rk, nil)
	var e Counter
	_ = json.Unmarshal(resp.Value, &e)
	e.Count++
	b, _ := json.Marshal(e)
	_, err := c.UpdateEntity(ctx, b, opts)
	return err
}

// An insert fails on conflict instead of overwriting.
func copyTo(ctx context.Context, c, archive *aztables.Client, pk, rk string) error {
	resp, _ := c.GetEntity(ctx, pk, rk, nil)
	var e Counter
	_ = json.Unmarshal(resp.Value, &e)
	e.PartitionKey = "archive"
	b, _ := json.Marshal(e)
	_, err := archive.AddEntity(ctx, b, nil)
	return err
}

// A blind write: the entity is not decoded from the read.
func reset(ctx context.Context, c *aztables.Client, pk, rk string) error {
	if _, err := c.GetEntity(ctx, pk, rk, nil); err != nil {
		return err
	}
	b, _ := json.Marshal(Counter{PartitionKey: pk, RowKey: rk})
	_, err := c.UpsertEntity(ctx, b, nil)
	return err
}

// Decoded from something other than a GetEntity response.
func fromPage(ctx context.Context, c *aztables.Client, raw []byte) error {
	var e Counter
	_ = json.Unmarshal(raw, &e)
	e.Count++
	b, _ := json.Marshal(e)
	_, err := c.UpsertEntity(ctx, b, nil)
	return err
}

// A different entity than the one read.
func other(ctx context.Context, c *aztables.Client, pk, rk string) error {
	resp, _ := c.GetEntity(ctx, pk, rk, nil)
	var old, e Counter
	_ = json.Unmarshal(resp.Value, &old)
	e = Counter{PartitionKey: pk, RowKey: rk + "-next", Count: 1}
	b, _ := json.Marshal(e)
	_, err := c.UpdateEntity(ctx, b, nil)
	return err
}

// A copy into another table, and a copy under new keys: not a write back.
func copyAcross(ctx context.Context, from, to *aztables.Client, pk, rk string) error {
	resp, _ := from.GetEntity(ctx, pk, rk, nil)
	var e Counter
	_ = json.Unmarshal(resp.Value, &e)
	b, _ := json.Marshal(e)
	_, err := to.UpsertEntity(ctx, b, nil)
	return err
}

func rekey(ctx context.Context, c *aztables.Client, pk, rk string) error {
	resp, _ := c.GetEntity(ctx, pk, rk, nil)
	var e Counter
	_ = json.Unmarshal(resp.Value, &e)
	e.RowKey = rk + "-copy"
	b, _ := json.Marshal(e)
	_, err := c.UpsertEntity(ctx, b, nil)
	return err
}
