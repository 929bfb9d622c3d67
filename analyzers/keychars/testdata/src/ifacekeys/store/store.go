// Package store declares a repository interface and implements it next
// to it: its Save makes the vote's fields the keys.
package store

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Vote is a ballot's vote.
type Vote struct {
	ID     string `json:"id"`
	Ballot string `json:"ballot"`
}

// Votes stores votes.
type Votes interface {
	Save(ctx context.Context, v *Vote) error
}

type tableVotes struct{ tc *aztables.Client }

// New returns the table's Votes.
func New(tc *aztables.Client) Votes { return &tableVotes{tc: tc} }

func (t *tableVotes) Save(ctx context.Context, v *Vote) error {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: v.Ballot, RowKey: v.ID})
	_, err := t.tc.AddEntity(ctx, b, nil)
	return err
}
