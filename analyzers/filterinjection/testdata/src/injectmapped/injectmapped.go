// Package injectmapped: an exported lookup maps a formatter over the
// caller's pairs; the formatter's fallback quotes a value of unknown
// type without escaping, reported inside the formatter, where the
// quote is written. The escaped case and the number case are silent.
package injectmapped

import (
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type pair struct {
	key string
	val any
}

func format(key string, val any) string {
	switch v := val.(type) {
	case string:
		return key + " eq '" + strings.ReplaceAll(v, "'", "''") + "'"
	case float64:
		return fmt.Sprintf("%s eq %f", key, v)
	default:
		return fmt.Sprintf("%s eq '%v'", key, v) // want `TL321: v \(any\)`
	}
}

func filterOf(ps []pair) string {
	var parts []string
	for _, p := range ps {
		parts = append(parts, format(p.key, p.val))
	}
	return strings.Join(parts, " or ")
}

// Lookup runs the pairs it is given.
func Lookup(c *aztables.Client, ps []pair) {
	f := filterOf(ps)
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}
