package bounded

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Document struct {
	PartitionKey string
	RowKey       string
	Title        string
	Body         string
	Raw          []byte
	Count        int
}

type Address struct{ Street, City string }

func checked(r *http.Request) (Document, error) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return Document{}, err
	}
	if len(body) > 60000 {
		return Document{}, errors.New("too large")
	}
	title := r.FormValue("title")
	if utf8.RuneCountInString(title) > 200 {
		return Document{}, errors.New("title too long")
	}
	return Document{PartitionKey: "p", RowKey: "r", Raw: body, Title: title}, nil
}

func small(r io.Reader, w http.ResponseWriter, req *http.Request, max int64) Document {
	a, _ := io.ReadAll(io.LimitReader(r, 30000))
	b, _ := io.ReadAll(http.MaxBytesReader(w, req.Body, max))
	return Document{PartitionKey: "p", RowKey: "r", Title: string(a), Raw: b}
}

func structs(addr Address, n int) Document { // want structs:"fills\\(json\\(0\\)→Body\\)"
	j, _ := json.Marshal(addr)
	return Document{PartitionKey: "p", RowKey: "r", Body: string(j), Title: strconv.Itoa(n), Count: n}
}

// Not an entity: no keys.
type Upload struct {
	Name string
	Data []byte
}

func notEntity(r io.Reader) Upload {
	b, _ := io.ReadAll(r)
	return Upload{Name: "x", Data: b}
}

func blobName(r *http.Request) aztables.Entity {
	return aztables.Entity{PartitionKey: "p", RowKey: "r"}
}

type stamp struct{ At, By string }

// An interface value of this function's own making: its dynamic type is
// known to be small.
func stamped(by string) Document {
	var meta any = stamp{At: "now", By: "x"}
	raw, _ := json.Marshal(meta)
	d := Document{PartitionKey: "stamps", RowKey: by}
	d.Body = string(raw)
	return d
}

// A type parameter is not an interface value: its instances are types
// the callers name.
type box[T any] struct{ c *aztables.Client }

func (b box[T]) put(id string, item T) Document { // want put:"fills\\(json\\(1\\)→Body\\)"
	raw, _ := json.Marshal(item)
	return Document{PartitionKey: "box", RowKey: id, Body: string(raw)}
}
