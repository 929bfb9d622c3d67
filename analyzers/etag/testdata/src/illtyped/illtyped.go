// Package illtyped has a type error (an import that does not resolve):
// its well-typed functions are analysed, its ill-typed ones are not
// followed.
package illtyped

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	pb "example.com/not/generated/pb"
)

type Counter struct {
	PartitionKey, RowKey string
	Count                int
}

// Store has a field of a type that did not resolve; its methods that do
// not use it are well-typed.
type Store struct {
	c    *aztables.Client
	meta pb.Meta
}

func (s *Store) increment(ctx context.Context, pk, rk string) error {
	resp, err := s.c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var e Counter
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return err
	}
	e.Count++
	b, _ := json.Marshal(e)
	_, err = s.c.UpdateEntity(ctx, b, nil) // want `TL414: UpdateEntity writes back the entity read by GetEntity \(line 28\) without IfMatch`
	return err
}

// Ill-typed (it uses s.meta): not followed, silent.
func (s *Store) stamp(ctx context.Context, pk, rk string) error {
	resp, err := s.c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var e Counter
	_ = json.Unmarshal(resp.Value, &e)
	e.RowKey = s.meta.Row
	b, _ := json.Marshal(e)
	_, err = s.c.UpdateEntity(ctx, b, nil)
	return err
}
