package sequence

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Rows arrive mixed; they are filed by their PartitionKey first, then
// each partition's rows are written one request at a time.
func writeFiled(ctx context.Context, c *aztables.Client, rows []map[string]any) error {
	perPartition := map[string][]map[string]any{}
	for _, r := range rows {
		pk, _ := r["PartitionKey"].(string)
		perPartition[pk] = append(perPartition[pk], r)
	}
	for _, same := range perPartition {
		for _, r := range same {
			b, err := json.Marshal(r)
			if err != nil {
				return err
			}
			if _, err := c.UpsertEntity(ctx, b, nil); err != nil { // want `TL406: UpsertEntity in a loop writes one partition entity by entity`
				return err
			}
		}
	}
	return nil
}

// The same with entity structs filed by their key field.
func writeFiledLines(ctx context.Context, c *aztables.Client, lines []Line) error {
	perOrder := map[string][]Line{}
	for _, l := range lines {
		perOrder[l.PartitionKey] = append(perOrder[l.PartitionKey], l)
	}
	for _, same := range perOrder {
		for _, l := range same {
			b, _ := json.Marshal(l)
			if _, err := c.UpsertEntity(ctx, b, nil); err != nil { // want `TL406: UpsertEntity in a loop writes one partition entity by entity`
				return err
			}
		}
	}
	return nil
}

// Silent: filed by something other than the partition, so one group
// still spans partitions.
func writeFiledByKind(ctx context.Context, c *aztables.Client, rows []map[string]any) error {
	perKind := map[string][]map[string]any{}
	for _, r := range rows {
		kind, _ := r["Kind"].(string)
		perKind[kind] = append(perKind[kind], r)
	}
	for _, same := range perKind {
		for _, r := range same {
			b, _ := json.Marshal(r)
			if _, err := c.UpsertEntity(ctx, b, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// Silent: the rows as they come, any partition each.
func writeMixed(ctx context.Context, c *aztables.Client, rows []map[string]any) error {
	for _, r := range rows {
		b, _ := json.Marshal(r)
		if _, err := c.UpsertEntity(ctx, b, nil); err != nil {
			return err
		}
	}
	return nil
}
