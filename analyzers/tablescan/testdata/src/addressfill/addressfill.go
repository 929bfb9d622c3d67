// Package addressfill: a filter variable declared empty and filled by a
// helper through its address. The filter the query runs is what the
// helper stores, not the empty string the declaration gives.
package addressfill

import (
	"context"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// byRegion stores a filter without the partition.
func byRegion(dst *string, region string) {
	*dst = "Region eq " + quote(region)
}

// inPartition stores a filter on one partition.
func inPartition(dst *string, pk string) {
	*dst = "PartitionKey eq " + quote(pk)
}

// maybePartition stores a filter only when there is a partition.
func maybePartition(dst *string, pk string) {
	if pk != "" {
		*dst = "PartitionKey eq " + quote(pk)
	}
}

// unknown fills the filter from code the engine does not see.
func unknown(dst *string) {
	read(dst)
}

var read = func(dst *string) {}

func count(ctx context.Context, p interface {
	More() bool
}) int {
	n := 0
	for p.More() {
		n++
	}
	return n
}

func Regional(ctx context.Context, c *aztables.Client, region string) int {
	var f string
	byRegion(&f, region)
	return count(ctx, c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})) // want `TL301: query scans the whole table: no top-level PartitionKey eq`
}

// Partition is the silent twin: the helper names the partition.
func Partition(ctx context.Context, c *aztables.Client, pk string) int {
	var f string
	inPartition(&f, pk)
	return count(ctx, c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}))
}

// Maybe: on one path nothing is stored and the filter stays empty.
func Maybe(ctx context.Context, c *aztables.Client, pk string) int {
	var f string
	maybePartition(&f, pk)
	return count(ctx, c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})) // want `TL301: query has no filter`
}

// Unknown: the helper's writes are not followed; the filter is unknown,
// never the empty string: silent.
func Unknown(ctx context.Context, c *aztables.Client) int {
	var f string
	unknown(&f)
	return count(ctx, c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}))
}
