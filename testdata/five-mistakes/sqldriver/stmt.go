// Package sqldriver is a database/sql-style driver over Azure Tables: a
// SELECT reads its first page eagerly and hands the pager to the rows,
// which read the rest lazily.
package sqldriver

import (
	"context"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Cond is one WHERE condition.
type Cond struct {
	Column, Op string
	Value      any
}

// Rows iterates over the result.
type Rows struct {
	ctx   context.Context
	pager *runtime.Pager[aztables.ListEntitiesResponse]
	page  [][]byte
	pos   int
}

// Next returns the next entity, reading the next page when needed.
func (r *Rows) Next() ([]byte, bool, error) {
	for r.pos >= len(r.page) {
		if r.pager == nil || !r.pager.More() {
			return nil, false, nil
		}
		resp, err := r.pager.NextPage(r.ctx)
		if err != nil {
			return nil, false, err
		}
		r.page, r.pos = resp.Entities, 0
	}
	r.pos++
	return r.page[r.pos-1], true, nil
}

// Select runs SELECT * FROM table WHERE conds.
func Select(ctx context.Context, c *aztables.Client, conds []Cond) (*Rows, error) {
	opts := &aztables.ListEntitiesOptions{}
	if f := filterOf(conds); f != "" {
		opts.Filter = &f
	}
	pager := c.NewListEntitiesPager(opts) // S
	resp, err := pager.NextPage(ctx)      // S
	if err != nil {
		return nil, err
	}
	return &Rows{ctx: ctx, pager: pager, page: resp.Entities}, nil
}

func filterOf(conds []Cond) string {
	var parts []string
	for _, c := range conds {
		parts = append(parts, predicate(c))
	}
	return strings.Join(parts, " and ")
}

var ops = map[string]string{"=": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}

func predicate(c Cond) string {
	switch v := c.Value.(type) {
	case string:
		return fmt.Sprintf("%s %s '%s'", c.Column, ops[c.Op], strings.ReplaceAll(v, "'", "''"))
	default:
		return fmt.Sprintf("%s %s %v", c.Column, ops[c.Op], v)
	}
}
