package nestedprops

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Doc is a JSON document received from a queue.
type Doc struct {
	Tenant string
	ID     string
	Raw    []byte
}

// fields turns a document into properties: nested arrays and objects
// become JSON text, of whatever size the sender made them.
func fields(d Doc) (map[string]any, error) {
	out := map[string]any{}
	if err := json.Unmarshal(d.Raw, &out); err != nil {
		return nil, err
	}
	for k, v := range out {
		switch v.(type) {
		case []any, map[string]any:
			b, err := json.Marshal(v)
			if err != nil {
				return nil, err
			}
			out[k] = string(b) // want `TL122: property out\[k\] is filled from a marshalled document \(v\) with no length check`
		}
	}
	return out, nil
}

func put(ctx context.Context, c *aztables.Client, d Doc) error {
	props, err := fields(d)
	if err != nil {
		return err
	}
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: d.Tenant, RowKey: d.ID}, Properties: props})
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// Silent below.

// The nested values are length-checked before they are kept.
func fieldsChecked(d Doc) (map[string]any, error) {
	out := map[string]any{}
	if err := json.Unmarshal(d.Raw, &out); err != nil {
		return nil, err
	}
	for k, v := range out {
		switch v.(type) {
		case []any, map[string]any:
			b, err := json.Marshal(v)
			if err != nil {
				return nil, err
			}
			if len(b) > 32000 {
				delete(out, k)
				continue
			}
			out[k] = string(b)
		}
	}
	return out, nil
}

func putChecked(ctx context.Context, c *aztables.Client, d Doc) error {
	props, err := fieldsChecked(d)
	if err != nil {
		return err
	}
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: d.Tenant, RowKey: d.ID}, Properties: props})
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// A scalar case of the switch: a number or a short flag.
func scalars(d Doc) map[string]any {
	out := map[string]any{}
	_ = json.Unmarshal(d.Raw, &out)
	for k, v := range out {
		switch v.(type) {
		case float64, bool:
			b, _ := json.Marshal(v)
			out[k] = string(b)
		}
	}
	return out
}

func putScalars(ctx context.Context, c *aztables.Client, d Doc) error {
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: d.Tenant, RowKey: d.ID}, Properties: scalars(d)})
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// A map that is never an entity's properties.
func summary(d Doc) map[string]string {
	out := map[string]string{}
	var tree map[string]any
	_ = json.Unmarshal(d.Raw, &tree)
	for k, v := range tree {
		switch v.(type) {
		case []any:
			b, _ := json.Marshal(v)
			out[k] = string(b)
		}
	}
	return out
}
