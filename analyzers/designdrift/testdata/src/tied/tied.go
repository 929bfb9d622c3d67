// Package tied writes one Go type to two tables whose names the code
// does not give (their clients come from the caller), as an extracted
// design lists them: each write fits both tables' entries equally well.
package tied

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Profile struct {
	PartitionKey string
	RowKey       string
	Name         string
}

type Other struct {
	PartitionKey string
	RowKey       string
	Extra        string
}

type Store struct {
	a, b *aztables.Client
}

func (s *Store) SaveOther(ctx context.Context, o Other) {
	buf, _ := json.Marshal(o)
	s.b.UpsertEntity(ctx, buf, nil)
}

func (s *Store) SaveA(ctx context.Context, p Profile) {
	buf, _ := json.Marshal(p)
	s.a.UpsertEntity(ctx, buf, nil)
}

func (s *Store) SaveB(ctx context.Context, p Profile) {
	buf, _ := json.Marshal(p)
	s.b.UpsertEntity(ctx, buf, nil)
}

// Block writes only keys: it fits any entry with {Partition}/{Row} keys,
// best the one with its own templates.
func (s *Store) Block(ctx context.Context, domain, sub string) {
	e := aztables.Entity{PartitionKey: domain, RowKey: sub}
	buf, _ := json.Marshal(e)
	s.a.AddEntity(ctx, buf, nil)
}
