package rows

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Counter struct {
	PartitionKey string
	RowKey       string
	Hits         int
}

// Row "a write's request" (TL414): the write.
func bumpInPlace(ctx context.Context, c *aztables.Client, id string) error {
	resp, err := c.GetEntity(ctx, "counters", id, nil)
	if err != nil {
		return err
	}
	var k Counter
	if err := json.Unmarshal(resp.Value, &k); err != nil {
		return err
	}
	k.Hits++
	b, _ := json.Marshal(k)
	_, err = c.UpdateEntity(ctx, b, nil) // L: TL414
	return err
}

// saveCounter is a save helper of the package: it writes what it is given.
func saveCounter(ctx context.Context, c *aztables.Client, k *Counter) error {
	b, _ := json.Marshal(k)
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// The caller's call of the save helper, naming the helper.
func bumpThroughHelper(ctx context.Context, c *aztables.Client, id string) error {
	resp, err := c.GetEntity(ctx, "counters", id, nil)
	if err != nil {
		return err
	}
	var k Counter
	if err := json.Unmarshal(resp.Value, &k); err != nil {
		return err
	}
	k.Hits++
	// M: TL414 ^saveCounter
	return saveCounter(ctx, c, &k) // L: TL414
}

type Book struct {
	PartitionKey string
	RowKey       string
	Title        string
	Author       string
}

// TL411: the write that replaces with fewer properties than were read.
func retitle(ctx context.Context, c *aztables.Client, code, title string) error {
	resp, err := c.GetEntity(ctx, "books", code, nil)
	if err != nil {
		return err
	}
	var bk Book
	if err := json.Unmarshal(resp.Value, &bk); err != nil {
		return err
	}
	b, _ := json.Marshal(map[string]any{"PartitionKey": "books", "RowKey": code, "Title": title})
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag, UpdateMode: aztables.UpdateModeReplace}) // L: TL411
	return err
}

// TL412: the write whose error is discarded.
func touch(ctx context.Context, c *aztables.Client, code string) {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: "books", RowKey: code})
	c.UpdateEntity(ctx, b, nil) // L: TL412
}
