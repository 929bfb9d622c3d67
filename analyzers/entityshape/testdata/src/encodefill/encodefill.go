package encodefill

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"net/http"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// comment is what a visitor wrote.
type comment struct {
	Author string
	Text   string `json:"text" xml:"text"`
	At     time.Time
}

// tally is bounded: a constant kind, numbers, a time.
type tally struct {
	Kind  string
	Count int
	At    time.Time
}

func put(ctx context.Context, c *aztables.Client, props map[string]any) {
	props["PartitionKey"], props["RowKey"] = "p", "r"
	b, _ := json.Marshal(props)
	_, _ = c.AddEntity(ctx, b, nil)
}

// The encoder writes the document of request text into the buffer.
func saveComment(ctx context.Context, c *aztables.Client, r *http.Request) {
	var buf bytes.Buffer
	_ = json.NewEncoder(&buf).Encode(comment{Author: "me", Text: r.FormValue("text"), At: time.Now()})
	ent := map[string]any{
		"PartitionKey": "comments",
		"RowKey":       "c1",
		"Body":         buf.String(), // want `TL122: property Body is filled from a request form value \(from String\) with no length check`
	}
	b, _ := json.Marshal(ent)
	_, _ = c.AddEntity(ctx, b, nil)
}

// The same through an XML encoder into a strings.Builder.
func saveCommentXML(ctx context.Context, c *aztables.Client, r *http.Request) {
	var sb strings.Builder
	enc := xml.NewEncoder(&sb)
	_ = enc.Encode(&comment{Author: "me", Text: r.FormValue("text")})
	ent := map[string]any{
		"PartitionKey": "comments",
		"RowKey":       "c2",
		"Body":         sb.String(), // want `TL122: property Body is filled from a request form value \(from String\) with no length check`
	}
	b, _ := json.Marshal(ent)
	_, _ = c.AddEntity(ctx, b, nil)
}

// Silent: the text is length-checked before it is encoded.
func saveShortComment(ctx context.Context, c *aztables.Client, r *http.Request) {
	text := r.FormValue("text")
	if len(text) > 1000 {
		return
	}
	var buf bytes.Buffer
	_ = json.NewEncoder(&buf).Encode(comment{Author: "me", Text: text, At: time.Now()})
	ent := map[string]any{
		"PartitionKey": "comments",
		"RowKey":       "c3",
		"Body":         buf.String(),
	}
	b, _ := json.Marshal(ent)
	_, _ = c.AddEntity(ctx, b, nil)
}

// Silent: a bounded document.
func saveTally(ctx context.Context, c *aztables.Client, n int) {
	var buf bytes.Buffer
	_ = json.NewEncoder(&buf).Encode(&tally{Kind: "page", Count: n, At: time.Now()})
	ent := map[string]any{
		"PartitionKey": "tallies",
		"RowKey":       "t1",
		"Body":         buf.String(),
	}
	b, _ := json.Marshal(ent)
	_, _ = c.AddEntity(ctx, b, nil)
}

// Indented: the document's size is not known, but request text in it
// has no limit still.
func saveIndented(ctx context.Context, c *aztables.Client, r *http.Request) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	_ = enc.Encode(comment{Text: r.FormValue("text")})
	ent := map[string]any{
		"PartitionKey": "comments",
		"RowKey":       "c4",
		"Body":         buf.String(), // want `TL122: property Body is filled from a request form value \(from String\) with no length check`
	}
	b, _ := json.Marshal(ent)
	_, _ = c.AddEntity(ctx, b, nil)
}

var _ = put
