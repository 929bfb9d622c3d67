// Package helpers: integers formatted into a key by a helper of several
// statements, or formatted once and put into the key with %s.
package helpers

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// shardKey lowers the tenant before numbering the shard.
func shardKey(tenant string, shard int) string {
	t := strings.ToLower(tenant)
	return t + "-" + strconv.Itoa(shard) // want `TL204: numeric PartitionKey component formatted with strconv.Itoa is not zero-padded; use %019d`
}

// paddedShardKey does the same with a fixed width: silent.
func paddedShardKey(tenant string, shard int) string {
	t := strings.ToLower(tenant)
	return t + "-" + fmt.Sprintf("%04d", shard)
}

func Save(ctx context.Context, c *aztables.Client, tenant string, shard int, id string) {
	e := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: shardKey(tenant, shard), RowKey: id}}
	b, _ := e.MarshalJSON()
	c.AddEntity(ctx, b, nil)
}

func SavePadded(ctx context.Context, c *aztables.Client, tenant string, shard int, id string) {
	e := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: paddedShardKey(tenant, shard), RowKey: id}}
	b, _ := e.MarshalJSON()
	c.AddEntity(ctx, b, nil)
}

// Nested formats the sequence number once and puts the text in with %s:
// the number's formatting is what the key holds.
func Nested(ctx context.Context, c *aztables.Client, seq int64, id string) {
	pk := fmt.Sprintf("log-%s", strconv.FormatInt(seq, 10)) // want `TL204: numeric PartitionKey component formatted with strconv.FormatInt is not zero-padded; use %019d`
	e := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: pk, RowKey: id}}
	b, _ := e.MarshalJSON()
	c.AddEntity(ctx, b, nil)
}

// NestedPadded pads it: silent.
func NestedPadded(ctx context.Context, c *aztables.Client, seq int64, id string) {
	pk := fmt.Sprintf("log-%s", fmt.Sprintf("%019d", seq))
	e := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: pk, RowKey: id}}
	b, _ := e.MarshalJSON()
	c.AddEntity(ctx, b, nil)
}
