// Package edgegraph stores a small property graph: one partition per node
// and one per node's outgoing edges, keys built by prefix helpers.
package edgegraph

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Vertex is a node given by the caller.
type Vertex struct {
	ID    string
	Attrs any
}

// Link is an edge given by the caller.
type Link struct {
	From, To, Kind string
	Labels         map[string]string
}

type vertexRow struct {
	aztables.Entity
	Body string `json:"Body"`
}

type linkRow struct {
	aztables.Entity
	Kind   string            `json:"Kind"`
	Labels map[string]string `json:"Labels"` // L: TL126
}

// Graph is a table-backed graph.
type Graph struct{ tc *aztables.Client }

func vertexPK(id string) string { return "v_" + id }
func linkPK(from string) string { return "e_" + from }

// SaveVertex writes a node; its attributes are whatever the caller passed.
func (g *Graph) SaveVertex(ctx context.Context, v Vertex) error {
	body, err := json.Marshal(v.Attrs)
	if err != nil {
		return err
	}
	row := vertexRow{Entity: aztables.Entity{PartitionKey: vertexPK(v.ID), RowKey: "self"}}
	row.Body = string(body) // L: TL122
	b, _ := json.Marshal(row)
	_, err = g.tc.UpsertEntity(ctx, b, nil)
	return err
}

// SaveVertices writes all nodes in one transaction: one partition per node
// and no limit on how many.
func (g *Graph) SaveVertices(ctx context.Context, vs []Vertex) error {
	var acts []aztables.TransactionAction
	for _, v := range vs {
		b, _ := json.Marshal(vertexRow{Entity: aztables.Entity{PartitionKey: vertexPK(v.ID), RowKey: "self"}})
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
	}
	_, err := g.tc.SubmitTransaction(ctx, acts, nil) // L: TL401 TL403
	return err
}

// SaveLink writes an edge.
func (g *Graph) SaveLink(ctx context.Context, l Link) error {
	row := linkRow{Entity: aztables.Entity{PartitionKey: linkPK(l.From), RowKey: l.To}, Kind: l.Kind, Labels: l.Labels}
	b, _ := json.Marshal(row)
	_, err := g.tc.UpsertEntity(ctx, b, nil)
	return err
}

func (g *Graph) collect(ctx context.Context, opts *aztables.ListEntitiesOptions) ([][]byte, error) {
	var out [][]byte
	p := g.tc.NewListEntitiesPager(opts)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Entities...)
	}
	return out, nil
}

// LinksFrom reads the edges of a node whose target starts with prefix.
func (g *Graph) LinksFrom(ctx context.Context, id, prefix string) ([][]byte, error) {
	f := fmt.Sprintf("PartitionKey eq 'e_%s' and RowKey ge '%s' and RowKey lt '%s~'", id, prefix, prefix) // L: TL321 TL321
	return g.collect(ctx, &aztables.ListEntitiesOptions{Filter: &f})
}

// LinksOfKind reads the edges of a node of one kind, values escaped.
func (g *Graph) LinksOfKind(ctx context.Context, id, kind string) ([][]byte, error) {
	q := func(s string) string { return strings.ReplaceAll(s, "'", "''") }
	f := fmt.Sprintf("PartitionKey eq 'e_%s' and Kind eq '%s'", q(id), q(kind)) // S
	return g.collect(ctx, &aztables.ListEntitiesOptions{Filter: &f})            // L: TL303
}
