package nesteddoc

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// address is nested in a profile: its text is what the client sent.
type address struct {
	Street string
	City   string
}

type profile struct {
	Name string
	Home address
	Work *address
	Seen time.Time
}

type contact struct {
	Via  string
	Post *address `json:"post"`
}

// A nested struct literal holds request text: the document has no limit.
func saveProfile(ctx context.Context, c *aztables.Client, r *http.Request) {
	doc, _ := json.Marshal(profile{Name: "me", Home: address{Street: r.FormValue("street"), City: "Oslo"}, Seen: time.Now()})
	ent := map[string]any{
		"PartitionKey": "profiles",
		"RowKey":       "p1",
		"Doc":          string(doc), // want `TL122: property Doc is filled from a request form value`
	}
	b, _ := json.Marshal(ent)
	_, _ = c.AddEntity(ctx, b, nil)
}

// Through a pointer field, two levels down.
func saveContact(ctx context.Context, c *aztables.Client, r *http.Request) {
	doc, _ := json.Marshal(&contact{Via: "post", Post: &address{City: r.FormValue("city")}})
	ent := map[string]any{
		"PartitionKey": "contacts",
		"RowKey":       "c1",
		"Doc":          string(doc), // want `TL122: property Doc is filled from a request form value`
	}
	b, _ := json.Marshal(ent)
	_, _ = c.AddEntity(ctx, b, nil)
}

// Stores into the nested fields of a variable.
func saveWork(ctx context.Context, c *aztables.Client, r *http.Request) {
	var p profile
	p.Name = "me"
	p.Work = &address{Street: "Main", City: "Oslo"}
	p.Home.Street = r.FormValue("street")
	doc, _ := json.Marshal(p)
	ent := map[string]any{
		"PartitionKey": "profiles",
		"RowKey":       "p2",
		"Doc":          string(doc), // want `TL122: property Doc is filled from a request form value`
	}
	b, _ := json.Marshal(ent)
	_, _ = c.AddEntity(ctx, b, nil)
}

// Silent: the nested text is length-checked.
func saveShortProfile(ctx context.Context, c *aztables.Client, r *http.Request) {
	street := r.FormValue("street")
	if len(street) > 200 {
		return
	}
	doc, _ := json.Marshal(profile{Name: "me", Home: address{Street: street, City: "Oslo"}, Seen: time.Now()})
	ent := map[string]any{
		"PartitionKey": "profiles",
		"RowKey":       "p3",
		"Doc":          string(doc),
	}
	b, _ := json.Marshal(ent)
	_, _ = c.AddEntity(ctx, b, nil)
}

// Silent: constant nested text.
func saveFixedContact(ctx context.Context, c *aztables.Client) {
	doc, _ := json.Marshal(&contact{Via: "post", Post: &address{Street: "Main", City: "Oslo"}})
	ent := map[string]any{
		"PartitionKey": "contacts",
		"RowKey":       "c2",
		"Doc":          string(doc),
	}
	b, _ := json.Marshal(ent)
	_, _ = c.AddEntity(ctx, b, nil)
}
