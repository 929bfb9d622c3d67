// Package nosqlshim serves a key/value item API (tables with a partition
// attribute and an optional sort attribute) on top of a table service.
// Each table's schema is kept as an entity of a reserved metadata table;
// typed key values are written with a one-letter type prefix.
package nosqlshim

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const (
	schemaTable = "shimschemas"
	schemaPart  = "schema"
)

// Value is a typed attribute.
type Value struct {
	Kind string // "S", "N", "B", "X"
	S    string
	N    string
	B    bool
	X    []byte
}

// Schema names a table's key attributes.
type Schema struct {
	Name    string            `json:"-"`
	PartKey string            `json:"partKey"`
	SortKey string            `json:"sortKey"`
	Labels  map[string]string `json:"-"`
	LabelsJ string            `json:"labels"`
}

// Backend implements the item API.
type Backend struct {
	svc *aztables.ServiceClient
}

var (
	errNoTable  = errors.New("no such table")
	errNotEmpty = errors.New("table is not empty")
)

func statusOf(err error) int {
	var re *azcore.ResponseError
	if errors.As(err, &re) {
		return re.StatusCode
	}
	return 0
}

// keyText encodes a typed value for PartitionKey or RowKey.
func keyText(v Value) string {
	switch v.Kind {
	case "N":
		return "n:" + v.N
	case "B":
		if v.B {
			return "b:1"
		}
		return "b:0"
	case "X":
		return "x:" + base64.StdEncoding.EncodeToString(v.X) // S
	}
	return "s:" + v.S
}

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// Schema reads a table's schema entity.
func (b *Backend) Schema(ctx context.Context, table string) (Schema, error) {
	resp, err := b.svc.NewClient(schemaTable).GetEntity(ctx, schemaPart, table, nil)
	if err != nil {
		if statusOf(err) == http.StatusNotFound {
			return Schema{}, errNoTable
		}
		return Schema{}, err
	}
	var s Schema
	err = json.Unmarshal(resp.Value, &s)
	s.Name = table
	return s, err
}

func schemaRow(s Schema) ([]byte, error) {
	labels, _ := json.Marshal(s.Labels)
	return json.Marshal(map[string]any{
		"PartitionKey": schemaPart,
		"RowKey":       s.Name,
		"partKey":      s.PartKey,
		"sortKey":      s.SortKey,
		"labels":       string(labels), // S
	})
}

// Relabel replaces a table's labels: schema read, changed, upserted.
func (b *Backend) Relabel(ctx context.Context, table string, labels map[string]string) error {
	s, err := b.Schema(ctx, table)
	if err != nil {
		return err
	}
	s.Labels = labels
	row, err := schemaRow(s)
	if err != nil {
		return err
	}
	_, err = b.svc.NewClient(schemaTable).UpsertEntity(ctx, row, nil) // L: TL414
	return err
}

// Tables lists every schema entity.
func (b *Backend) Tables(ctx context.Context, prefix string) ([]string, error) {
	pager := b.svc.NewClient(schemaTable).NewListEntitiesPager(nil) // L: TL301
	var names []string
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var e aztables.Entity
			if json.Unmarshal(raw, &e) == nil && strings.HasPrefix(e.RowKey, prefix) {
				names = append(names, e.RowKey)
			}
		}
	}
	return names, nil
}

// setAttr writes one attribute; numbers go out as annotated Int64 text.
func setAttr(out map[string]any, name string, v Value) {
	switch v.Kind {
	case "N":
		if n, err := strconv.ParseInt(v.N, 10, 64); err == nil {
			out[name] = strconv.FormatInt(n, 10) // S
			out[name+"@odata.type"] = "Edm.Int64"
		} else if f, err := strconv.ParseFloat(v.N, 64); err == nil {
			out[name] = f
		}
	case "B":
		out[name] = v.B
	case "X":
		out[name] = base64.StdEncoding.EncodeToString(v.X)
		out[name+"@odata.type"] = "Edm.Binary"
	default:
		out[name] = v.S
	}
}
