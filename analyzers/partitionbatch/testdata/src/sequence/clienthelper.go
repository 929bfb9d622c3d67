package sequence

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Aquarium reaches its tables through small accessor methods.
type Aquarium struct {
	accounts *aztables.ServiceClient
	fish     *aztables.Client
}

func (a *Aquarium) tanks() *aztables.Client { return a.accounts.NewClient("Tanks") }

func newAquarium(svc *aztables.ServiceClient) *Aquarium {
	return &Aquarium{accounts: svc, fish: svc.NewClient("Fish")}
}

// A client kept in a field, handed out by an accessor.
func (a *Aquarium) fishTable() *aztables.Client { return a.fish }

type Tank struct {
	PartitionKey string
	RowKey       string
	Litres       int
}

// A new hall gets its two tanks, one request each, through a client the
// accessor returns.
func (a *Aquarium) openHall(ctx context.Context, hall string) error {
	tbl := a.tanks()
	north, _ := json.Marshal(Tank{PartitionKey: hall, RowKey: "north", Litres: 800})
	if _, err := tbl.AddEntity(ctx, north, nil); err != nil {
		return err
	}
	south, _ := json.Marshal(Tank{PartitionKey: hall, RowKey: "south", Litres: 600})
	if _, err := tbl.AddEntity(ctx, south, nil); err != nil { // want `TL406: 2 writes to partition hall \(lines 36, 40\)`
		return err
	}
	return nil
}

// Each write asks the accessor again: still the one table.
func (a *Aquarium) stockHall(ctx context.Context, hall string) error {
	b, _ := json.Marshal(map[string]any{"PartitionKey": hall, "RowKey": "guppy"})
	if _, err := a.fishTable().UpsertEntity(ctx, b, nil); err != nil {
		return err
	}
	d, _ := json.Marshal(map[string]any{"PartitionKey": hall, "RowKey": "danio"})
	_, err := a.fishTable().UpsertEntity(ctx, d, nil) // want `TL406: 2 writes to partition hall \(lines 49, 53\)`
	return err
}
