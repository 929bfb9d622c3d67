package propsvar

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Recipe knows how to lay itself out as an entity.
type Recipe struct {
	Slug  string
	Steps []string
	Tags  []string
	Serve *int
}

// Entity fills a Properties map entry by entry, some entries only in
// branches.
func (r *Recipe) Entity() aztables.EDMEntity {
	props := map[string]any{"slug": r.Slug}
	if r.Serve != nil {
		props["serves"] = int32(*r.Serve)
	}
	if len(r.Steps) > 0 {
		props["steps"] = r.Steps // want `TL126: property steps is a \[\]string, which encoding/json writes as a JSON array`
	}
	if len(r.Tags) > 0 {
		joined, _ := json.Marshal(r.Tags)
		props["tags"] = string(joined)
	}
	return aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "recipe", RowKey: r.Slug}, Properties: props}
}

func save(ctx context.Context, tc *aztables.Client, r *Recipe) error {
	b, err := json.Marshal(r.Entity())
	if err != nil {
		return err
	}
	_, err = tc.UpsertEntity(ctx, b, nil)
	return err
}

// Draft is laid out the same way but never written: silent.
type Draft struct {
	Lines []string
}

func (d *Draft) Entity() aztables.EDMEntity {
	props := map[string]any{}
	props["lines"] = d.Lines
	return aztables.EDMEntity{Properties: props}
}

// The map filled in the function of the write.
func saveInline(ctx context.Context, tc *aztables.Client, slug string, hops []int) error {
	props := map[string]any{}
	props["hops"] = hops // want `TL126: property hops is a \[\]int, which encoding/json writes as a JSON array`
	props["count"] = int32(len(hops))
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "p", RowKey: slug}, Properties: props})
	_, err := tc.AddEntity(ctx, b, nil)
	return err
}
