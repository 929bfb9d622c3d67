package rows

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Row "a key's value": the PartitionKey: field.
func keyField(ctx context.Context, c *aztables.Client, r *http.Request) {
	b, _ := json.Marshal(aztables.Entity{
		PartitionKey: r.FormValue("shelf"), // L: TL201
		RowKey:       "1",
	})
	_, _ = c.UpsertEntity(ctx, b, nil)
}

// A key argument of GetEntity.
func keyArgument(ctx context.Context, c *aztables.Client, r *http.Request) {
	_, _ = c.GetEntity(ctx, "books",
		r.FormValue("code"), // L: TL201
		nil)
}

// The map entry.
func keyMapEntry(ctx context.Context, c *aztables.Client, r *http.Request) {
	b, _ := json.Marshal(map[string]any{
		"PartitionKey": "books",
		"RowKey":       r.FormValue("code"), // L: TL201
	})
	_, _ = c.UpsertEntity(ctx, b, nil)
}

// dropBook is a helper of the package that makes its parameter a key:
// reported at its key, naming the caller's line.
func dropBook(ctx context.Context, c *aztables.Client, code string) {
	_, _ = c.DeleteEntity(ctx, "books",
		// M: TL201 passed at line \d+\)
		code, // L: TL201
		nil)
}

func dropFromForm(ctx context.Context, c *aztables.Client, r *http.Request) {
	dropBook(ctx, c, r.FormValue("code"))
}

// Not the line that read the value: the line where it becomes the key.
func keyReadEarlier(ctx context.Context, c *aztables.Client, r *http.Request) {
	code := r.URL.Query().Get("code")
	// M: TL201 \(r\.URL\.Query\(\)\.Get\)
	_, _ = c.GetEntity(ctx, "books", code, nil) // L: TL201
}
