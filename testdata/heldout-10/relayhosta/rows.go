// Package relayhosta keeps a hosted relay's session, account, metering and
// handler-registration state in Azure Tables: each kind of record has its own
// table and a few small row helpers shared by all of them.
package relayhosta

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// pieceBytes is how much of a byte slice goes into one Binary property.
const pieceBytes = 24 * 1024

// safeKey spells every byte outside [A-Za-z0-9._-] as "x" and two hex digits,
// so any text can become a PartitionKey or RowKey (and a quoted literal).
func safeKey(text string) string {
	var out strings.Builder
	for _, c := range []byte(text) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '_', c == '-':
			out.WriteByte(c)
		default:
			fmt.Fprintf(&out, "x%02x", c)
		}
	}
	return out.String()
}

func statusOf(err error) int {
	var re *azcore.ResponseError
	if errors.As(err, &re) {
		return re.StatusCode
	}
	return 0
}

func isMissing(err error) bool { return statusOf(err) == http.StatusNotFound }
func isTaken(err error) bool   { return statusOf(err) == http.StatusConflict }
func isStale(err error) bool   { return statusOf(err) == http.StatusPreconditionFailed }
func textPtr(s string) *string { return &s }

// openTable makes a client for one table and creates the table if needed.
func openTable(conn, name string) (*aztables.Client, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil)
	if err != nil {
		return nil, fmt.Errorf("relay: service client: %w", err)
	}
	tc := svc.NewClient(name)
	if _, err := tc.CreateTable(context.Background(), nil); err != nil && !isTaken(err) {
		return nil, fmt.Errorf("relay: table %s: %w", name, err)
	}
	return tc, nil
}

// fetchRow reads one row as a map; a missing row is (nil, nil).
func fetchRow(ctx context.Context, tc *aztables.Client, pk, rk string) (map[string]any, error) {
	got, err := tc.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		if isMissing(err) {
			return nil, nil
		}
		return nil, err
	}
	row := map[string]any{}
	if err := json.Unmarshal(got.Value, &row); err != nil {
		return nil, err
	}
	return row, nil
}

// storeRow replaces (or creates) the row the map describes.
func storeRow(ctx context.Context, tc *aztables.Client, row map[string]any) error {
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = tc.UpsertEntity(ctx, body, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// createRow adds the row; one that exists already counts as done.
func createRow(ctx context.Context, tc *aztables.Client, row map[string]any) error {
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	if _, err := tc.AddEntity(ctx, body, nil); err != nil && !isTaken(err) {
		return err
	}
	return nil
}

// removeRow deletes one row; a missing row counts as done.
func removeRow(ctx context.Context, tc *aztables.Client, pk, rk string) error {
	if _, err := tc.DeleteEntity(ctx, pk, rk, nil); err != nil && !isMissing(err) {
		return err
	}
	return nil
}

// putPieces splits data into numbered Binary properties of at most
// pieceBytes each and records how many there are.
func putPieces(row map[string]any, name string, data []byte) {
	n := 0
	for start := 0; start < len(data); start += pieceBytes {
		stop := min(start+pieceBytes, len(data))
		row[fmt.Sprintf("%s%d", name, n)] = data[start:stop] // S
		n++
	}
	row[name+"Pieces"] = int64(n)
}

// takePieces joins what putPieces wrote.
func takePieces(row map[string]any, name string) []byte {
	var out []byte
	for i := int64(0); i < asInt(row[name+"Pieces"]); i++ {
		switch v := row[fmt.Sprintf("%s%d", name, i)].(type) {
		case string:
			b, err := base64.StdEncoding.DecodeString(v)
			if err == nil {
				out = append(out, b...)
			}
		case []byte:
			out = append(out, v...)
		}
	}
	return out
}

func asInt(v any) int64 {
	switch n := v.(type) {
	case float64:
		return int64(n)
	case int64:
		return n
	case string:
		var x int64
		fmt.Sscan(n, &x)
		return x
	}
	return 0
}

func asText(row map[string]any, name string) string {
	s, _ := row[name].(string)
	return s
}
