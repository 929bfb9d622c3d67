// Package election (legacy storage API): the filter comes from a small
// builder the analyzers cannot see through; nothing is reported.
package election

import (
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
)

type builder struct{ parts []string }

func (b *builder) and(c string) { b.parts = append(b.parts, c) }
func (b *builder) String() string {
	return strings.Join(b.parts, " and ")
}

func Get(t *storage.Table, name string) (*storage.Entity, error) {
	b := &builder{}
	b.and("PartitionKey eq 'election'")
	b.and("RowKey eq '" + strings.ReplaceAll(name, "'", "''") + "'")
	res, err := t.QueryEntities(30, storage.FullMetadata, &storage.QueryOptions{Filter: b.String()})
	if err != nil || len(res.Entities) == 0 {
		return nil, err
	}
	return res.Entities[0], nil
}
