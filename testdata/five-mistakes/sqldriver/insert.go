package sqldriver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// edm gives a driver value its Table type.
func edm(v any) any {
	switch v := v.(type) {
	case time.Time:
		return aztables.EDMDateTime(v)
	case []byte:
		return aztables.EDMBinary(v) // S
	case int64:
		return aztables.EDMInt64(v)
	default:
		return v
	}
}

// Insert runs INSERT INTO table (columns) VALUES (args): whatever the
// caller's statement says, as a database driver does.
func Insert(ctx context.Context, c *aztables.Client, columns []string, args []any) error {
	e := aztables.EDMEntity{Properties: map[string]any{}}
	for i, col := range columns {
		switch strings.ToLower(col) {
		case "partitionkey":
			e.PartitionKey = fmt.Sprint(args[i])
		case "rowkey":
			e.RowKey = fmt.Sprint(args[i])
		default:
			e.Properties[col] = edm(args[i]) // S
		}
	}
	if e.PartitionKey == "" || e.RowKey == "" {
		return errors.New("INSERT needs PartitionKey and RowKey")
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, b, nil) // S
	return err
}
