package unbounded

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Document struct {
	PartitionKey string
	RowKey       string
	Title        string
	Body         string
	Raw          []byte
}

type Tags struct {
	Names []string
}

func upload(ctx context.Context, c *aztables.Client, r *http.Request) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	doc := Document{
		PartitionKey: "docs",
		RowKey:       r.FormValue("id"),
		Title:        r.FormValue("title"), // want `TL122: property Title is filled from a request form value with no length check`
		Body:         string(body),         // want `TL122: property Body is filled from io.ReadAll\(r.Body\) with no length check`
	}
	b, _ := json.Marshal(doc)
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

func file(path string) Document {
	data, _ := os.ReadFile(path)
	var d Document
	d.Raw = data // want `TL123: property Raw is filled from a whole file \(os.ReadFile\)`
	return d
}

func edm(tags Tags, r io.Reader) aztables.EDMEntity {
	doc, _ := json.Marshal(tags)
	blob, _ := io.ReadAll(r)
	e := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: "p", RowKey: "r"},
		Properties: map[string]any{
			"Tags": string(doc),                             // want `TL122: property Tags is filled from a marshalled document \(tags\)`
			"Blob": aztables.EDMBinary(blob),                // want `TL123: property Blob is filled from io.ReadAll\(r\)`
			"B64":  base64.StdEncoding.EncodeToString(blob), // want `TL122: property B64`
		},
	}
	return e
}

func mapEntity(r *http.Request) map[string]any {
	return map[string]any{"PartitionKey": "p", "RowKey": "r", "Comment": r.PostFormValue("c")} // want `TL122: property Comment`
}

func limited(r *http.Request, w http.ResponseWriter) Document {
	r.Body = http.MaxBytesReader(w, r.Body, 10<<20)
	body, _ := io.ReadAll(r.Body)
	return Document{PartitionKey: "p", RowKey: "r", Raw: body} // want `TL123: property Raw is filled with up to 10485760 bytes, over the Binary limit` `TL121: property Raw is filled with up to 10485760 bytes`
}

// Text read up to 4 MiB: over the String limit and, counted as UTF-16,
// over the entity limit too.
func longText(r io.Reader) Document {
	body, _ := io.ReadAll(io.LimitReader(r, 4<<20))
	return Document{PartitionKey: "p", RowKey: "r", Body: string(body)} // want `TL122: property Body is filled with up to 4194304 bytes, over the String limit` `TL121: property Body is filled with up to 4194304 bytes`
}

// Silent: text read up to 16 000 bytes (32 000 stored) fits both.
func shortText(r io.Reader) Document {
	body, _ := io.ReadAll(io.LimitReader(r, 16000))
	return Document{PartitionKey: "p", RowKey: "r", Body: string(body)}
}

func tooLoose(r io.Reader) Document {
	body, _ := io.ReadAll(io.LimitReader(r, 100000))
	return Document{PartitionKey: "p", RowKey: "r", Raw: body} // want `TL123: property Raw is filled with up to 100000 bytes, over the Binary limit`
}

type Big struct {
	PartitionKey string
	RowKey       string
	A, B, C      []byte
	D, E, F      []byte
	G, H, I      []byte
	J, K, L      []byte
	M, N, O      []byte
	P, Q, R      []byte
}

func together(r io.Reader) Big {
	read := func() []byte { b, _ := io.ReadAll(io.LimitReader(r, 65536)); return b }
	a, _ := io.ReadAll(io.LimitReader(r, 60000))
	b, _ := io.ReadAll(io.LimitReader(r, 60000))
	c, _ := io.ReadAll(io.LimitReader(r, 60000))
	d, _ := io.ReadAll(io.LimitReader(r, 60000))
	e, _ := io.ReadAll(io.LimitReader(r, 60000))
	f, _ := io.ReadAll(io.LimitReader(r, 60000))
	g, _ := io.ReadAll(io.LimitReader(r, 60000))
	h, _ := io.ReadAll(io.LimitReader(r, 60000))
	i, _ := io.ReadAll(io.LimitReader(r, 60000))
	j, _ := io.ReadAll(io.LimitReader(r, 60000))
	k, _ := io.ReadAll(io.LimitReader(r, 60000))
	l, _ := io.ReadAll(io.LimitReader(r, 60000))
	m, _ := io.ReadAll(io.LimitReader(r, 60000))
	n, _ := io.ReadAll(io.LimitReader(r, 60000))
	o, _ := io.ReadAll(io.LimitReader(r, 60000))
	p, _ := io.ReadAll(io.LimitReader(r, 60000))
	q, _ := io.ReadAll(io.LimitReader(r, 60000))
	s, _ := io.ReadAll(io.LimitReader(r, 60000))
	_ = read
	return Big{PartitionKey: "p", RowKey: "r", A: a, B: b, C: c, D: d, E: e, F: f, G: g, H: h, I: i, J: j, K: k, L: l, M: m, N: n, O: o, P: p, Q: q, R: s} // want `TL121: this entity's properties can together hold 1080072 bytes`
}

// Note carries whatever the caller attaches: its dynamic type is the caller's.
type Note struct {
	ID      string
	Payload any
}

func attach(n Note) Document {
	raw, _ := json.Marshal(n.Payload)
	d := Document{PartitionKey: "notes", RowKey: n.ID}
	d.Body = string(raw) // want `TL122: property Body is filled from a marshalled document \(n.Payload\)`
	return d
}
