package writtenbytes

import (
	"context"
	"encoding/json"
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// A store the caller only knows as an interface, given the JSON bytes of
// the document it writes.
type store interface {
	Put(ctx context.Context, doc []byte) error
}

type tableStore struct{ c *aztables.Client }

func (s *tableStore) Put(ctx context.Context, doc []byte) error {
	_, err := s.c.AddEntity(ctx, doc, nil)
	return err
}

type note struct {
	PartitionKey string `json:"PartitionKey"`
	RowKey       string `json:"RowKey"`
	SavedMs      int64  `json:"SavedMs"`
}

func save(ctx context.Context, st store, tenant, id string) error {
	n := note{
		PartitionKey: tenant,
		RowKey:       id,
		SavedMs:      time.Now().UnixMilli(), // want `TL125: property SavedMs gets a UnixMilli\(\) time beyond Int32`
	}
	doc, err := json.Marshal(n)
	if err != nil {
		return err
	}
	return st.Put(ctx, doc)
}

// Silent: the same document given to a function that writes no entity
// with its bytes (a file), and a small counter in a written document.
type draft struct {
	PartitionKey string `json:"PartitionKey"`
	RowKey       string `json:"RowKey"`
	SavedMs      int64  `json:"SavedMs"`
}

func keep(doc []byte) error { return os.WriteFile("draft.json", doc, 0o600) }

func sketch(tenant, id string) error {
	doc, err := json.Marshal(draft{PartitionKey: tenant, RowKey: id, SavedMs: time.Now().UnixMilli()})
	if err != nil {
		return err
	}
	return keep(doc)
}

type tally struct {
	PartitionKey string `json:"PartitionKey"`
	RowKey       string `json:"RowKey"`
	Count        int64  `json:"Count"`
}

func count(ctx context.Context, st store, tenant string) error {
	doc, err := json.Marshal(tally{PartitionKey: tenant, RowKey: "n", Count: 3})
	if err != nil {
		return err
	}
	return st.Put(ctx, doc)
}
