package rmw

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

// A counter incremented without the read's ETag: two workers lose one
// increment.
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
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = c.UpdateEntity(ctx, b, nil) // want `TL414: UpdateEntity writes back the entity read by GetEntity \(line 21\) without IfMatch`
	return err
}

// Options with a mode but no IfMatch.
func rename(ctx context.Context, c *aztables.Client, pk, rk, name string) error {
	got, err := c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var m map[string]any
	_ = json.Unmarshal(got.Value, &m)
	m["Name"] = name
	b, _ := json.Marshal(m)
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // want `TL414: UpdateEntity writes back the entity read by GetEntity \(line 40\) without IfMatch$`
	return err
}

// ETagAny matches every version: the same as no condition.
func force(ctx context.Context, c *aztables.Client, pk, rk string) error {
	resp, err := c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var e aztables.EDMEntity
	_ = json.Unmarshal(resp.Value, &e)
	e.Properties["Seen"] = true
	b, _ := json.Marshal(e)
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: to.Ptr(azcore.ETagAny)}) // want `TL414: UpdateEntity writes back the entity read by GetEntity \(line 54\) with IfMatch azcore.ETagAny$`
	return err
}

// UpsertEntity never sends If-Match.
func upsert(ctx context.Context, c *aztables.Client, pk, rk string) error {
	resp, err := c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var e Counter
	_ = json.Unmarshal(resp.Value, &e)
	e.Count += 10
	b, _ := json.Marshal(&e)
	_, err = c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{ETag: resp.ETag}) // want `TL414: UpsertEntity, which sends no If-Match, writes back the entity read by GetEntity \(line 68\)$`
	return err
}

// Options in a variable without IfMatch: reported, no fix.
func optsVar(ctx context.Context, c *aztables.Client, pk, rk string) error {
	resp, err := c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var e Counter
	_ = json.Unmarshal(resp.Value, &e)
	e.Count = 0
	b, _ := json.Marshal(e)
	opts := &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge}
	_, err = c.UpdateEntity(ctx, b, opts) // want `TL414: .*without IfMatch`
	return err
}

// ETagAny through a variable.
func anyVar(ctx context.Context, c *aztables.Client, pk, rk string) error {
	resp, _ := c.GetEntity(ctx, pk, rk, nil)
	raw := resp.Value
	var e Counter
	_ = json.Unmarshal(raw, &e)
	e.Count--
	b, _ := json.Marshal(e)
	star := azcore.ETagAny
	opts := aztables.UpdateEntityOptions{}
	opts.IfMatch = &star
	_, err := c.UpdateEntity(ctx, b, &opts) // want `TL414: .*azcore.ETagAny`
	return err
}

// A helper given the response, which writes twice: once with the ETag,
// once without.
func balance(ctx context.Context, c *aztables.Client, pk, rk string, delta float64) error {
	apply := func(r *aztables.GetEntityResponse) error {
		var m map[string]any
		if err := json.Unmarshal(r.Value, &m); err != nil {
			return err
		}
		m["Balance"] = m["Balance"].(float64) + delta
		b, _ := json.Marshal(m)
		if _, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &r.ETag}); err != nil {
			return err
		}
		_, err := c.UpdateEntity(ctx, b, nil) // want `TL414: UpdateEntity writes back the entity read by GetEntity \(parameter r\) without IfMatch`
		return err
	}
	resp, err := c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	return apply(&resp)
}
