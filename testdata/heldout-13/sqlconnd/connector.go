// Package sqlconnd exposes an Azure table to a SQL query engine as a data set
// of rows. The table is schemaless, so its columns are inferred from a sample
// of entities; a WHERE predicate is rendered as an OData filter when it can
// be, and otherwise left to the engine.
package sqlconnd

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
)

const (
	sampleCount = 64     // entities read to infer a table's columns
	scanCeiling = 100000 // most rows one scan returns
)

// Dataset is one configured source of the engine.
type Dataset struct {
	Name    string
	Source  string
	Options map[string]any
}

// A ScanRequest is what the planner asks of a connector.
type ScanRequest struct {
	Dataset   Dataset
	Predicate Expr
	Limit     *int
}

// A Schema lists a data set's columns, ordered by name.
type Schema struct{ Columns []string }

// Row holds one value per schema column; a missing property is nil.
type Row []any

// Connector is the Azure Tables connector of the engine.
type Connector struct {
	mu  sync.Mutex
	src entitySource // built on first use from the data set's options
}

// NewConnector returns a connector that opens the service on first use.
func NewConnector() *Connector { return &Connector{} }

// newConnectorWith is the seam tests use to supply their own source.
func newConnectorWith(src entitySource) *Connector { return &Connector{src: src} }

func (*Connector) Kind() string { return "azuretables" }

// The Schema method reads a sample of the table and returns the union of the property
// names found in it.
func (c *Connector) Schema(ctx context.Context, ds Dataset) (Schema, error) {
	name, err := targetTable(ds)
	if err != nil {
		return Schema{}, err
	}
	src, err := c.source(ds.Options)
	if err != nil {
		return Schema{}, err
	}
	sample, err := src.listRows(ctx, name, "", sampleCount) // L: TL301
	if err != nil {
		return Schema{}, fmt.Errorf("sample %q: %w", name, err)
	}
	return columnsOf(sample), nil
}

// The Scan method returns the table's rows aligned to its inferred schema. A predicate
// that renders completely is sent as the filter, and only then is the limit
// sent as $top: otherwise the engine must see every row before limiting.
func (c *Connector) Scan(ctx context.Context, req ScanRequest) ([]Row, error) {
	name, err := targetTable(req.Dataset)
	if err != nil {
		return nil, err
	}
	schema, err := c.Schema(ctx, req.Dataset)
	if err != nil {
		return nil, err
	}
	src, err := c.source(req.Dataset.Options)
	if err != nil {
		return nil, err
	}

	filter := ""
	pushed := req.Predicate == nil
	if req.Predicate != nil {
		if f, ok := toFilter(req.Predicate); ok {
			filter = f
			pushed = true
		}
	}
	max := scanCeiling
	if pushed && req.Limit != nil && *req.Limit >= 0 && *req.Limit < max {
		max = *req.Limit
	}

	found, err := src.listRows(ctx, name, filter, max) // L: TL301
	if err != nil {
		return nil, fmt.Errorf("scan %q: %w", name, err)
	}
	out := make([]Row, len(found))
	for i, props := range found {
		out[i] = align(props, schema)
	}
	return out, nil
}

// Expand turns a data set whose table is "*" into one data set per table of
// the account, each with the same connection options.
func (c *Connector) Expand(ctx context.Context, ds Dataset) ([]Dataset, error) {
	src, err := c.source(ds.Options)
	if err != nil {
		return nil, err
	}
	names, err := src.listTableNames(ctx)
	if err != nil {
		return nil, fmt.Errorf("list tables: %w", err)
	}
	out := make([]Dataset, 0, len(names))
	for _, n := range names {
		opts := make(map[string]any, len(ds.Options)+1)
		for k, v := range ds.Options {
			opts[k] = v
		}
		opts["table"] = n
		out = append(out, Dataset{Name: n, Source: n, Options: opts})
	}
	return out, nil
}

// source returns the supplied source, or opens the service once and keeps it.
func (c *Connector) source(options map[string]any) (entitySource, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.src != nil {
		return c.src, nil
	}
	svc, err := openService(options)
	if err != nil {
		return nil, err
	}
	c.src = &serviceSource{svc: svc}
	return c.src, nil
}

// targetTable is the "table" option, else the data set's source, else its name.
func targetTable(ds Dataset) (string, error) {
	if t := optString(ds.Options, "table"); t != "" {
		return t, nil
	}
	if ds.Source != "" {
		return ds.Source, nil
	}
	if ds.Name != "" {
		return ds.Name, nil
	}
	return "", errors.New("azuretables data set names no table")
}

func align(props map[string]any, schema Schema) Row {
	row := make(Row, len(schema.Columns))
	for i, col := range schema.Columns {
		row[i] = props[col]
	}
	return row
}

func columnsOf(sample []map[string]any) Schema {
	seen := map[string]bool{}
	var cols []string
	for _, props := range sample {
		for k := range props {
			if !seen[k] {
				seen[k] = true
				cols = append(cols, k)
			}
		}
	}
	sort.Strings(cols)
	return Schema{Columns: cols}
}

func optString(options map[string]any, key string) string {
	s, _ := options[key].(string)
	return s
}
