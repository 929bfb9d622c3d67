package kinds

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

func modern(ctx context.Context, c *aztables.Client) {
	c.GetEntity(ctx, "p", "r", nil)    // want `get aztables`
	c.AddEntity(ctx, nil, nil)         // want `add aztables`
	c.UpdateEntity(ctx, nil, nil)      // want `update aztables`
	c.UpsertEntity(ctx, nil, nil)      // want `upsert aztables`
	c.DeleteEntity(ctx, "p", "r", nil) // want `delete aztables`
	c.SubmitTransaction(ctx, nil, nil) // want `submit aztables`
	c.NewListEntitiesPager(nil)        // want `list aztables`
	c.CreateTable(ctx, nil)            // a table, not an entity: no kind
	c.Delete(ctx, nil)                 // deletes the table: no kind
	update := c.UpdateEntity           // a method value, not a call
	update(ctx, nil, nil)              // a call of a function value: no kind
	var s aztables.ServiceClient
	s.DeleteTable(ctx, "t", nil)
}

func legacy(t *storage.Table, e *storage.Entity) {
	e.Get(0, storage.FullMetadata, nil)           // want `get legacy`
	e.Insert(storage.FullMetadata, nil)           // want `add legacy`
	e.Update(false, nil)                          // want `update legacy`
	e.Merge(false, nil)                           // want `merge legacy`
	e.InsertOrReplace(nil)                        // want `upsert legacy`
	e.InsertOrMerge(nil)                          // want `upsert-merge legacy`
	e.Delete(false, nil)                          // want `delete legacy`
	t.QueryEntities(0, storage.FullMetadata, nil) // want `query legacy`
	t.GetEntityReference("p", "r")                // want `ref legacy`
	b := t.NewBatch()
	b.InsertEntity(e)                 // want `batch add$`
	b.InsertOrReplaceEntity(e, false) // want `batch upsert$`
	b.InsertOrReplaceEntityByForce(e) // want `batch upsert by force`
	b.InsertOrMergeEntity(e, true)    // want `batch upsert-merge$`
	b.InsertOrMergeEntityByForce(e)   // want `batch upsert-merge by force`
	b.ReplaceEntity(e)                // want `batch update$`
	b.MergeEntity(e)                  // want `batch merge$`
	b.DeleteEntity(e, false)          // want `batch delete$`
	b.DeleteEntityByForce(e, false)   // want `batch delete by force`
	b.ExecuteBatch()                  // want `submit legacy`
}

// A look-alike in another package has no kind.
type Client struct{}

func (Client) UpdateEntity(ctx context.Context, b []byte, o any) {}

func lookalike(ctx context.Context) {
	Client{}.UpdateEntity(ctx, nil, nil)
}
