// Package quotesinka is a stream output that writes messages as table rows
// under keys interpolated from each message, the data flow of
// redpanda-data/connect#1975 ("fix: azure table storage escape odata single
// quotes") and Azure/azure-sdk-for-go#21048: a configured row key such as
// "r'k" made the transaction's sub-request path
// PartitionKey='pk',RowKey='r'k' unterminated (400 InvalidInput), so the
// output doubles single quotes in the keys it sends, unless the user already
// wrote them doubled (the reviewer's worry about escaping twice).
package quotesinka

import (
	"regexp"
	"strings"
)

// WriteKind is what the output does with each message.
type WriteKind string

const (
	KindInsert        WriteKind = "INSERT"
	KindInsertMerge   WriteKind = "INSERT_MERGE"
	KindInsertReplace WriteKind = "INSERT_REPLACE"
	KindUpdateMerge   WriteKind = "UPDATE_MERGE"
	KindUpdateReplace WriteKind = "UPDATE_REPLACE"
	KindDelete        WriteKind = "DELETE"
)

// Config is the output's configuration; keys are templates with ${name}
// placeholders filled from the message's metadata.
type Config struct {
	Table        string
	PartitionKey string
	RowKey       string
	Kind         WriteKind
}

// Defaults are the keys of the configuration example in the pull request.
var Defaults = Config{Table: "events", PartitionKey: "pk", RowKey: "r'k", Kind: KindInsertReplace}

var placeholder = regexp.MustCompile(`\$\{([A-Za-z0-9_]+)\}`)

// fill replaces each ${name} of a template by the message's metadata value.
func fill(tmpl string, meta map[string]string) string {
	return placeholder.ReplaceAllStringFunc(tmpl, func(m string) string {
		return meta[placeholder.FindStringSubmatch(m)[1]]
	})
}

// escapeKey doubles single quotes for the key path the SDK builds, leaving
// a key alone when every quote in it is already doubled.
func escapeKey(k string) string {
	if !strings.Contains(k, "'") || strings.Count(k, "''")*2 == strings.Count(k, "'") {
		return k
	}
	return strings.ReplaceAll(k, "'", "''")
}
