package listread

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Device struct {
	PartitionKey string
	RowKey       string
	Firmware     string
}

// byOwner pages through a partition and keeps the devices it decodes.
func byOwner(ctx context.Context, c *aztables.Client, owner string) []Device {
	filter := "PartitionKey eq 'devices'"
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	var keep []Device
	for p.More() {
		resp, err := p.NextPage(ctx)
		if err != nil {
			return keep
		}
		for _, raw := range resp.Entities {
			var d Device
			if json.Unmarshal(raw, &d) == nil && d.RowKey != owner {
				keep = append(keep, d)
			}
		}
	}
	return keep
}

// The first listed device, changed and written back with no IfMatch.
func upgrade(ctx context.Context, c *aztables.Client, owner, fw string) error {
	devs := byOwner(ctx, c, owner)
	if len(devs) == 0 {
		return nil
	}
	d := devs[0]
	d.Firmware = fw
	b, _ := json.Marshal(d)
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // want `TL414: UpdateEntity writes back an entity read by a list page \(through byOwner\) without IfMatch`
	return err
}

// Silent below.

// The write is conditional on the ETag of the read.
func upgradeIf(ctx context.Context, c *aztables.Client, owner, fw string, etag *azcore.ETag) error {
	devs := byOwner(ctx, c, owner)
	if len(devs) == 0 {
		return nil
	}
	d := devs[0]
	d.Firmware = fw
	b, _ := json.Marshal(d)
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: etag, UpdateMode: aztables.UpdateModeReplace})
	return err
}

// fresh builds devices from its arguments: nothing was read.
func fresh(owners []string) []Device {
	var out []Device
	for _, o := range owners {
		out = append(out, Device{PartitionKey: "devices", RowKey: o})
	}
	return out
}

func register(ctx context.Context, c *aztables.Client, owners []string) error {
	devs := fresh(owners)
	if len(devs) == 0 {
		return nil
	}
	b, _ := json.Marshal(devs[0])
	_, err := c.UpdateEntity(ctx, b, nil)
	return err
}
