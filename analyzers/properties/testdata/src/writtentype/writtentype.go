package writtentype

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Visit is written by a sink the builder only knows as an interface.
type Visit struct {
	aztables.Entity
	Page   string
	SeenMs int64
}

type sink interface {
	Put(ctx context.Context, v *Visit) error
}

type tableSink struct{ c *aztables.Client }

func (s *tableSink) Put(ctx context.Context, v *Visit) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = s.c.AddEntity(ctx, b, nil)
	return err
}

func newVisit(page string) *Visit {
	return &Visit{
		Entity: aztables.Entity{PartitionKey: "v", RowKey: page},
		Page:   page,
		SeenMs: time.Now().UnixMilli(), // want `TL125: property SeenMs gets a UnixMilli\(\) time beyond Int32`
	}
}

func record(ctx context.Context, s sink, page string) error { return s.Put(ctx, newVisit(page)) }

// Draft has the same shape but no write in the package sends one: its
// literal is not checked.
type Draft struct {
	aztables.Entity
	SeenMs int64
}

func draft(page string) Draft {
	return Draft{Entity: aztables.Entity{PartitionKey: "d", RowKey: page}, SeenMs: time.Now().UnixMilli()}
}

// A Visit built but given to no write is not checked either.
func preview(page string) *Visit {
	return &Visit{Entity: aztables.Entity{PartitionKey: "v", RowKey: page}, SeenMs: time.Now().UnixMilli()}
}
