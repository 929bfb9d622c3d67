// Package streamd is an append-only log of streams split into shards, kept
// in one Azure table. Keys are hex-encoded tuples so that they sort.
package streamd

import (
	"encoding/hex"
	"fmt"
	"strings"
)

const (
	tagData   = "d"
	tagIndex  = "i"
	tagTxn    = "t"
	tagLast   = "l"
	tagStream = "s"
	tagShard  = "h"
	endMark   = "~"
)

// tuple hex-encodes its parts joined by NUL, so that hex order follows
// tuple order.
func tuple(parts ...any) string {
	var sb strings.Builder
	for i, p := range parts {
		if i > 0 {
			sb.WriteByte(0)
		}
		switch v := p.(type) {
		case string:
			sb.WriteString(v)
		case uint64:
			fmt.Fprintf(&sb, "%020d", v)
		case int64:
			fmt.Fprintf(&sb, "%020d", v)
		}
	}
	return hex.EncodeToString([]byte(sb.String()))
}

// first and last bound every tuple that starts with parts.
func first(parts ...any) string { return tuple(parts...) + "00" }
func last(parts ...any) string  { return tuple(parts...) + "ff" }

// between is the filter of a range of partitions.
func between(lo, hi string) string {
	return fmt.Sprintf("PartitionKey ge '%s' and PartitionKey le '%s'", lo, hi) // S
}
