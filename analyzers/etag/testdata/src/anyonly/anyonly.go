package anyonly

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Counter struct {
	PartitionKey string
	RowKey       string
	Count        int
}

// Two writes with azcore.ETagAny are this file's only uses of azcore and
// azcore/to: together their fixes empty both imports, so each fix
// carries both replacements and deletes both imports.
func increment(ctx context.Context, c *aztables.Client, pk, rk string) error {
	resp, err := c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var e Counter
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return err
	}
	e.Count++
	b, _ := json.Marshal(e)
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: to.Ptr(azcore.ETagAny)}) // want `TL414: UpdateEntity writes back the entity read by GetEntity \(line 22\) with IfMatch azcore.ETagAny$`
	return err
}

func reset(ctx context.Context, c *aztables.Client, pk, rk string) error {
	got, err := c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var e Counter
	_ = json.Unmarshal(got.Value, &e)
	e.Count = 0
	b, _ := json.Marshal(e)
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge, IfMatch: to.Ptr(azcore.ETagAny)}) // want `TL414: UpdateEntity writes back the entity read by GetEntity \(line 37\) with IfMatch azcore.ETagAny$`
	return err
}
