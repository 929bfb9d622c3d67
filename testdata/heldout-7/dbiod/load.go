package dbiod

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Column is one column of an incoming stream.
type Column struct {
	Name string
	Kind string // "text", "bigint", "float", "bool", "timestamp", "binary"
}

const loadBatch = 100

var rowSeq int64

func nextRowID() string {
	rowSeq++
	return fmt.Sprintf("%d%06d", time.Now().UnixNano(), rowSeq%1000000)
}

// layout says where the key columns of a stream are.
type layout struct {
	cols       []Column
	pkAt, rkAt int
}

func newLayout(cols []Column) layout {
	l := layout{cols: cols, pkAt: -1, rkAt: -1}
	for i, col := range cols {
		switch {
		case strings.EqualFold(col.Name, "PartitionKey"):
			l.pkAt = i
		case strings.EqualFold(col.Name, "RowKey"):
			l.rkAt = i
		}
	}
	return l
}

// entity makes a row's entity: a PartitionKey or RowKey column is used when
// present; otherwise the row goes to "default" under a generated id.
func (l layout) entity(row []any) map[string]any {
	ent := map[string]any{"PartitionKey": "default", "RowKey": nextRowID()}
	if l.pkAt >= 0 {
		ent["PartitionKey"] = fmt.Sprint(row[l.pkAt]) // S
	}
	if l.rkAt >= 0 {
		ent["RowKey"] = fmt.Sprint(row[l.rkAt])
	}
	for i, col := range l.cols {
		if i == l.pkAt || i == l.rkAt || i >= len(row) || row[i] == nil {
			continue
		}
		ent[col.Name] = toProperty(row[i], col.Kind)
	}
	return ent
}

// Load writes rows into the table, buffering a hundred at a time; the
// connection's "batch_mode" picks how a full buffer is sent.
func (c *Connector) Load(ctx context.Context, table string, cols []Column, rows <-chan []any) (int, error) {
	tbl := c.client.NewClient(tableName(table))
	if _, err := tbl.CreateTable(ctx, nil); err != nil && !strings.Contains(err.Error(), "TableAlreadyExists") {
		return 0, err
	}
	l := newLayout(cols)
	flush := upsertEach
	switch c.prop("batch_mode") {
	case "transaction":
		flush = upsertAsOne
	case "grouped":
		flush = upsertGrouped
	}
	n := 0
	pending := make([][]any, 0, loadBatch)
	for row := range rows {
		pending = append(pending, row)
		if len(pending) >= loadBatch {
			if err := flush(ctx, tbl, l, pending); err != nil {
				return n, err
			}
			n += len(pending)
			pending = pending[:0]
		}
	}
	if len(pending) > 0 {
		if err := flush(ctx, tbl, l, pending); err != nil {
			return n, err
		}
		n += len(pending)
	}
	return n, nil
}

// upsertEach groups the buffer by partition and then merges the rows one by
// one.
func upsertEach(ctx context.Context, tbl *aztables.Client, l layout, rows [][]any) error {
	byPK := map[string][]map[string]any{}
	for _, row := range rows {
		ent := l.entity(row)
		pk, _ := ent["PartitionKey"].(string)
		byPK[pk] = append(byPK[pk], ent)
	}
	for _, group := range byPK {
		for _, ent := range group {
			body, err := json.Marshal(ent)
			if err != nil {
				return err
			}
			if _, err := tbl.UpsertEntity(ctx, body, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge}); err != nil { // L: TL406
				return err
			}
		}
	}
	return nil
}

// upsertAsOne sends the buffer as one transaction whatever its partitions. (added)
func upsertAsOne(ctx context.Context, tbl *aztables.Client, l layout, rows [][]any) error {
	actions := make([]aztables.TransactionAction, 0, len(rows))
	for _, row := range rows {
		body, err := json.Marshal(l.entity(row))
		if err != nil {
			return err
		}
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertMerge, Entity: body})
	}
	_, err := tbl.SubmitTransaction(ctx, actions, nil) // L: TL403
	return err
}

// upsertGrouped is its twin: one transaction per partition. (added)
func upsertGrouped(ctx context.Context, tbl *aztables.Client, l layout, rows [][]any) error {
	byPK := map[string][]aztables.TransactionAction{}
	for _, row := range rows {
		ent := l.entity(row)
		body, err := json.Marshal(ent)
		if err != nil {
			return err
		}
		pk, _ := ent["PartitionKey"].(string)
		byPK[pk] = append(byPK[pk], aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertMerge, Entity: body})
	}
	for _, actions := range byPK {
		if _, err := tbl.SubmitTransaction(ctx, actions, nil); err != nil { // S
			return err
		}
	}
	return nil
}

// toProperty converts a cell to the value sent for its column's kind.
func toProperty(v any, kind string) any {
	switch kind {
	case "timestamp":
		switch t := v.(type) {
		case time.Time:
			return t.UTC()
		case string:
			for _, layout := range []string{time.RFC3339, "2006-01-02 15:04:05", "2006-01-02"} {
				if p, err := time.Parse(layout, t); err == nil {
					return p.UTC()
				}
			}
			return t
		}
	case "bool":
		b, _ := strconv.ParseBool(fmt.Sprint(v))
		return b
	case "bigint":
		i, _ := strconv.ParseInt(fmt.Sprint(v), 10, 64)
		return i
	case "float":
		f, _ := strconv.ParseFloat(fmt.Sprint(v), 64)
		return f
	case "binary":
		if b, ok := v.([]byte); ok {
			return b
		}
		return []byte(fmt.Sprint(v))
	}
	return fmt.Sprint(v)
}
