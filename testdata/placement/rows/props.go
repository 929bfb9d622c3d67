package rows

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// Row "a property's value": the map entry that sets it.
func propertyEntry(ctx context.Context, c *aztables.Client, code string) {
	b, _ := json.Marshal(map[string]any{
		"PartitionKey": "books",
		"RowKey":       code,
		"Timestamp":    time.Now(), // L: TL128
	})
	_, _ = c.UpsertEntity(ctx, b, nil)
}

// A key given to a struct field by assignment: that assignment.
func keyAssigned(t *storage.Table, r *http.Request) error {
	e := t.GetEntityReference("books", "1")
	e.RowKey = r.FormValue("code") // L: TL201
	return e.InsertOrReplace(nil)
}
