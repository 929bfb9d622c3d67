// Package sqlshim runs a small SQL dialect against Azure Tables: INSERT,
// UPDATE … WHERE PartitionKey = ? AND RowKey = ?, DELETE.
package sqlshim

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// assignment is one "col = value" of a SET clause.
type assignment struct {
	column      string
	placeholder bool
	literal     any
}

// plan is a parsed statement.
type plan struct {
	table   string
	columns []string
	set     []assignment
}

// Conn holds the service client of a database connection.
type Conn struct {
	svc *aztables.ServiceClient
}

// Stmt is a prepared statement.
type Stmt struct {
	conn *Conn
	p    plan
}

// ErrArgs is returned when the arguments do not match the statement.
var ErrArgs = errors.New("sqlshim: wrong number of arguments")

func (s *Stmt) insert(ctx context.Context, args []any) error {
	if len(args) != len(s.p.columns) {
		return ErrArgs
	}
	row := map[string]any{}
	for i, c := range s.p.columns {
		row[c] = args[i]
	}
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = s.conn.svc.NewClient(s.p.table).AddEntity(ctx, b, nil) // S
	return err
}

// update merges the SET columns into one row; the caller gets the 404 of
// a row that does not exist, as "0 rows affected" would be in SQL.
func (s *Stmt) update(ctx context.Context, pk, rk string, args []any) error {
	e := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: pk, RowKey: rk}, Properties: map[string]any{}}
	i := 0
	for _, a := range s.p.set {
		if a.placeholder {
			e.Properties[a.column] = args[i]
			i++
		} else {
			e.Properties[a.column] = a.literal
		}
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	c := s.conn.svc.NewClient(s.p.table)
	if _, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge}); err != nil { // S
		return err
	}
	return nil
}

func (s *Stmt) delete(ctx context.Context, pk, rk string) error {
	_, err := s.conn.svc.NewClient(s.p.table).DeleteEntity(ctx, pk, rk, nil) // S
	return err
}
