package kvclic

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

// defaultPartition holds every row written by the key/value commands.
const defaultPartition = "main"

// kvRow is the typed shape of a key/value row; it carries a wildcard ETag as
// a field of its own, as the tool's author thought the service wanted.
type kvRow struct {
	ETag         string // L: TL116
	PartitionKey string
	RowKey       string
	Value        string
}

// putValue replaces (or creates) the row for key with a map-shaped entity.
func putValue(ctx context.Context, table, key, value string) error {
	tc, err := tableClient(table)
	if err != nil {
		return err
	}
	row := map[string]any{
		"ETag":         "*", // L: TL116
		"PartitionKey": defaultPartition,
		"RowKey":       key, // S
		"Value":        value,
	}
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = tc.UpdateEntity(ctx, body, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}

// addValue inserts a new row for key from the typed shape.
func addValue(ctx context.Context, table, key, value string) error {
	tc, err := tableClient(table)
	if err != nil {
		return err
	}
	body, err := json.Marshal(kvRow{ETag: "*", PartitionKey: defaultPartition, RowKey: key, Value: value})
	if err != nil {
		return err
	}
	_, err = tc.AddEntity(ctx, body, nil)
	return err
}

// addDocument stores an arbitrary JSON object, filling in the keys it lacks.
func addDocument(ctx context.Context, table string, doc []byte) error {
	tc, err := tableClient(table)
	if err != nil {
		return err
	}
	fields := map[string]any{}
	if err := json.Unmarshal(doc, &fields); err != nil {
		return err
	}
	if _, ok := fields["PartitionKey"]; !ok {
		fields["PartitionKey"] = defaultPartition
	}
	if _, ok := fields["RowKey"]; !ok {
		fields["RowKey"] = uuid.NewString()
	}
	body, err := json.Marshal(fields)
	if err != nil {
		return err
	}
	_, err = tc.AddEntity(ctx, body, nil)
	return err
}

// addDocuments reads one JSON object per line and stores each on its own.
func addDocuments(ctx context.Context, table string, in io.Reader) error {
	lines := bufio.NewScanner(in)
	for lines.Scan() {
		if err := addDocument(ctx, table, lines.Bytes()); err != nil {
			return err
		}
	}
	return lines.Err()
}

// readRow fetches one row by its keys as given on the command line.
func readRow(ctx context.Context, table, pk, rk string) (map[string]any, error) {
	tc, err := tableClient(table)
	if err != nil {
		return nil, err
	}
	resp, err := tc.GetEntity(ctx, pk, rk, nil) // S
	if err != nil {
		return nil, err
	}
	out := map[string]any{}
	return out, json.Unmarshal(resp.Value, &out)
}

// takeRow reads a row, then deletes it and hands back what it held.
func takeRow(ctx context.Context, table, pk, rk string) (map[string]any, error) {
	tc, err := tableClient(table)
	if err != nil {
		return nil, err
	}
	out, err := readRow(ctx, table, pk, rk)
	if err != nil {
		return nil, err
	}
	_, err = tc.DeleteEntity(ctx, out["PartitionKey"].(string), out["RowKey"].(string), nil)
	return out, err
}

// printRows writes each listed row as a JSON line without its odata.etag.
func printRows(w io.Writer, raw [][]byte) error {
	for _, b := range raw {
		m := map[string]any{}
		if err := json.Unmarshal(b, &m); err != nil {
			return err
		}
		delete(m, "odata.etag")
		line, _ := json.Marshal(m)
		fmt.Fprintf(w, "%s\n", line)
	}
	return nil
}

// dumpAll prints every row of a table: the "query" command without a filter.
func dumpAll(ctx context.Context, w io.Writer, table string) error {
	tc, err := tableClient(table)
	if err != nil {
		return err
	}
	pager := tc.NewListEntitiesPager(nil) // L: TL301
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		if err := printRows(w, page.Entities); err != nil {
			return err
		}
	}
	return nil
}

// dumpMatching prints the rows an OData filter typed by the user selects.
func dumpMatching(ctx context.Context, w io.Writer, table, filter string) error {
	tc, err := tableClient(table)
	if err != nil {
		return err
	}
	pager := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		if err := printRows(w, page.Entities); err != nil {
			return err
		}
	}
	return nil
}

// purgeMatching deletes what a user filter selects, printing each row it
// removes; an empty filter is refused.
func purgeMatching(ctx context.Context, w io.Writer, table, filter string) error {
	if filter == "" {
		return errors.New("a filter is required to delete rows")
	}
	tc, err := tableClient(table)
	if err != nil {
		return err
	}
	pager := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, b := range page.Entities {
			m := map[string]any{}
			if err := json.Unmarshal(b, &m); err != nil {
				return err
			}
			if _, err := tc.DeleteEntity(ctx, m["PartitionKey"].(string), m["RowKey"].(string), nil); err != nil {
				return err
			}
			delete(m, "odata.etag")
			line, _ := json.Marshal(m)
			fmt.Fprintf(w, "%s\n", line)
		}
	}
	return nil
}

// dropValue (added) removes every key/value row holding a value, quietly.
func dropValue(ctx context.Context, table, value string) error {
	tc, err := tableClient(table)
	if err != nil {
		return err
	}
	filter := "PartitionKey eq 'main' and Value eq '" + value + "'"                  // L: TL321
	pager := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // L: TL303 TL313
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, b := range page.Entities {
			var r kvRow
			if err := json.Unmarshal(b, &r); err != nil {
				return err
			}
			if _, err := tc.DeleteEntity(ctx, r.PartitionKey, r.RowKey, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// keysHolding (added) lists the keys whose row holds a value, quoting it.
func keysHolding(ctx context.Context, table, value string) ([]string, error) {
	tc, err := tableClient(table)
	if err != nil {
		return nil, err
	}
	filter := fmt.Sprintf("PartitionKey eq 'main' and Value eq '%s'", strings.ReplaceAll(value, "'", "''")) // S
	pager := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})                        // L: TL303
	var keys []string
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, b := range page.Entities {
			var r kvRow
			if err := json.Unmarshal(b, &r); err != nil {
				return nil, err
			}
			keys = append(keys, r.RowKey)
		}
	}
	return keys, nil
}

// bumpValue (added) treats a row's value as a counter and adds one to it,
// writing it back with an upsert that carries the read's ETag.
func bumpValue(ctx context.Context, table, key string) error {
	tc, err := tableClient(table)
	if err != nil {
		return err
	}
	resp, err := tc.GetEntity(ctx, defaultPartition, key, nil)
	if err != nil {
		return err
	}
	var r kvRow
	if err := json.Unmarshal(resp.Value, &r); err != nil {
		return err
	}
	n, _ := strconv.Atoi(r.Value)
	r.Value = strconv.Itoa(n + 1)
	body, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = tc.UpsertEntity(ctx, body, &aztables.UpsertEntityOptions{ETag: resp.ETag, UpdateMode: aztables.UpdateModeReplace}) // L: TL414
	return err
}

// bumpValueChecked (added) is bumpValue with a conditional update.
func bumpValueChecked(ctx context.Context, table, key string) error {
	tc, err := tableClient(table)
	if err != nil {
		return err
	}
	resp, err := tc.GetEntity(ctx, defaultPartition, key, nil)
	if err != nil {
		return err
	}
	var r kvRow
	if err := json.Unmarshal(resp.Value, &r); err != nil {
		return err
	}
	n, _ := strconv.Atoi(r.Value)
	r.Value = strconv.Itoa(n + 1)
	body, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = tc.UpdateEntity(ctx, body, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag, UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}
