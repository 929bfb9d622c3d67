package app

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"flowfill/req"
)

type Doc struct {
	PartitionKey string
	RowKey       string
	Body         string
	Raw          []byte
	Tags         string
	Note         string
}

func save(ctx context.Context, c *aztables.Client, d Doc) {
	b, _ := json.Marshal(d)
	_, _ = c.AddEntity(ctx, b, nil)
}

func handler(c *aztables.Client) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := req.Body(r)
		if err != nil {
			return
		}
		small, _ := req.SmallBody(r)
		d := Doc{PartitionKey: "docs", RowKey: "1",
			Body: body,                      // want `TL122: property Body is filled from a request body \(from Body\) with no length check`
			Raw:  small,                     // silent: limited to 16 KiB
			Tags: req.Encode(r.Form["tag"]), // want `TL122: property Tags is filled from a marshalled document \(from Encode\)`
			Note: r.PostForm.Get("note"),    // want `TL122: property Note is filled from a request form value with no length check`
		}
		b, _ := json.Marshal(d)
		_, _ = c.AddEntity(r.Context(), b, nil)
	}
}

func fromFile(ctx context.Context, c *aztables.Client, path string) {
	d := Doc{PartitionKey: "docs", RowKey: path, Body: req.Text(path)} // want `TL122: property Body is filled from os.ReadFile \(from Text\)`
	b, _ := json.Marshal(d)
	_, _ = c.AddEntity(ctx, b, nil)
}

// Silent: checked.
func checked(ctx context.Context, c *aztables.Client, path string) {
	t := req.Text(path)
	if len(t) > 30000 {
		return
	}
	d := Doc{PartitionKey: "docs", RowKey: path, Body: t}
	b, _ := json.Marshal(d)
	_, _ = c.AddEntity(ctx, b, nil)
}
