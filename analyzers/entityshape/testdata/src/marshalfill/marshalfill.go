package marshalfill

import (
	"context"
	"crypto/cipher"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Store keeps values of one type, one per row.
type Store[V any] interface {
	Save(id string, v V)
}

// Safe keeps them sealed.
type Safe[V any] interface {
	Keep(id string, v V)
}

// Bag keeps them too: it is given only bounded values.
type Bag[V any] interface {
	Add(id string, v V)
}

type row struct {
	aztables.Entity
	Doc string
}

// tableStore marshals what it is given into one property.
type tableStore[V any] struct {
	tc *aztables.Client
}

func (s *tableStore[V]) Save(id string, v V) { // want Save:"fills\\(json\\(1\\)→Doc\\)"
	doc, err := json.Marshal(v)
	if err != nil {
		return
	}
	body, _ := json.Marshal(row{
		Entity: aztables.Entity{PartitionKey: "p", RowKey: id},
		Doc:    string(doc), // want `TL122: property Doc is filled from a request form value \(passed at line 109\) with no length check`
	})
	_, _ = s.tc.UpsertEntity(context.Background(), body, nil)
}

// sealedStore seals the document before it stores it.
type sealedStore[V any] struct {
	tc   *aztables.Client
	aead cipher.AEAD
}

func (s *sealedStore[V]) Keep(id string, v V) { // want Keep:"fills\\(json\\(1\\)→Doc\\)"
	doc, _ := json.Marshal(v)
	body, _ := json.Marshal(row{
		Entity: aztables.Entity{PartitionKey: "p", RowKey: id},
		Doc:    s.seal(doc), // want `TL122: property Doc is filled from a request body \(passed at line 110\) with no length check`
	})
	_, _ = s.tc.UpsertEntity(context.Background(), body, nil)
}

func (s *sealedStore[V]) seal(plain []byte) string {
	nonce := make([]byte, s.aead.NonceSize())
	return base64.StdEncoding.EncodeToString(s.aead.Seal(nonce, nonce, plain, nil))
}

// bagStore marshals what it is given, as tableStore does.
type bagStore[V any] struct {
	tc *aztables.Client
}

func (s *bagStore[V]) Add(id string, v V) { // want Add:"fills\\(json\\(1\\)→Doc\\)"
	doc, _ := json.Marshal(v)
	body, _ := json.Marshal(row{
		Entity: aztables.Entity{PartitionKey: "p", RowKey: id},
		Doc:    string(doc),
	})
	_, _ = s.tc.UpsertEntity(context.Background(), body, nil)
}

// Login is what a client asked for.
type Login struct {
	Client   string
	ReturnTo string
	Started  time.Time
}

// Visit is bounded: numbers, a time, a constant kind.
type Visit struct {
	Kind  string
	Count int
	At    time.Time
}

type gate struct {
	logins  Store[Login]
	sealed  Safe[Login]
	visits  Bag[Visit]
	checked Bag[Login]
}

func (g *gate) begin(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	g.logins.Save("l1", Login{Client: r.FormValue("client_id"), ReturnTo: "/", Started: time.Now()})
	g.sealed.Keep("l2", Login{Client: string(body)})
	g.visits.Add("v1", Visit{Kind: "login", Count: 1, At: time.Now()}) // bounded: silent
	back := r.FormValue("redirect_uri")
	if len(back) > 512 {
		return
	}
	g.checked.Add("l3", Login{ReturnTo: back}) // length-checked: silent
}

func newGate(tc *aztables.Client, aead cipher.AEAD) *gate {
	return &gate{
		logins:  &tableStore[Login]{tc: tc},
		sealed:  &sealedStore[Login]{tc: tc, aead: aead},
		visits:  &bagStore[Visit]{tc: tc},
		checked: &bagStore[Login]{tc: tc},
	}
}

// note marshals a struct of request text straight into a property.
type note struct {
	Author string
	Text   string `json:"text"`
	At     time.Time
}

func saveNote(ctx context.Context, c *aztables.Client, r *http.Request) {
	doc, _ := json.Marshal(note{Author: "me", Text: r.FormValue("text"), At: time.Now()})
	ent := map[string]any{
		"PartitionKey": "notes",
		"RowKey":       "n1",
		"Note":         base64.StdEncoding.EncodeToString(doc), // want `TL122: property Note is filled from`
	}
	b, _ := json.Marshal(ent)
	_, _ = c.AddEntity(ctx, b, nil)
}

func saveShortNote(ctx context.Context, c *aztables.Client, r *http.Request) {
	text := r.FormValue("text")
	if len(text) > 1000 {
		return
	}
	doc, _ := json.Marshal(note{Author: "me", Text: text, At: time.Now()})
	ent := map[string]any{
		"PartitionKey": "notes",
		"RowKey":       "n2",
		"Note":         string(doc), // length-checked: silent
	}
	b, _ := json.Marshal(ent)
	_, _ = c.AddEntity(ctx, b, nil)
}

func saveVisit(ctx context.Context, c *aztables.Client, n int) {
	doc, _ := json.Marshal(&Visit{Kind: "page", Count: n, At: time.Now()})
	ent := map[string]any{
		"PartitionKey": "visits",
		"RowKey":       "v1",
		"Visit":        string(doc), // bounded: silent
	}
	b, _ := json.Marshal(ent)
	_, _ = c.AddEntity(ctx, b, nil)
}
