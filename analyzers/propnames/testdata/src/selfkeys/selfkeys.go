// Package selfkeys: keys of types that encode themselves. encoding/json
// writes a uuid.UUID (MarshalText) as a JSON string, so the service
// receives a string key: silent. A named integer with no encoding of its
// own is written as a number: TL114.
package selfkeys

import (
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

type ticket int

// Seat is an entity struct whose RowKey is a UUID: a string on the wire.
type Seat struct {
	PartitionKey string
	RowKey       uuid.UUID
	Price        int
}

func book(client *aztables.Client, venue string, seats []uuid.UUID, n ticket) {
	for _, s := range seats {
		row := map[string]any{
			"PartitionKey": venue,
			"RowKey":       s,
		}
		b, _ := json.Marshal(row)
		_, _ = client.UpsertEntity(nil, b, nil)
	}
	stub := map[string]any{
		"PartitionKey": venue,
		"RowKey":       n, // want `TL114: RowKey, a system property that holds a string, is a ticket here$`
	}
	b, _ := json.Marshal(stub)
	_, _ = client.UpsertEntity(nil, b, nil)
	seat, _ := json.Marshal(Seat{PartitionKey: venue, RowKey: seats[0]})
	_, _ = client.UpsertEntity(nil, seat, nil)
}
