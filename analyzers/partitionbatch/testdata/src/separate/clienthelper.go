package separate

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// The twins of sequence's accessors: two accessors naming two tables,
// and an accessor whose table depends on its argument. The writes may
// go to different tables, so nothing is reported.
type Aquarium struct {
	accounts *aztables.ServiceClient
}

func (a *Aquarium) tanks() *aztables.Client { return a.accounts.NewClient("Tanks") }
func (a *Aquarium) pumps() *aztables.Client { return a.accounts.NewClient("Pumps") }
func (a *Aquarium) wing(east bool) *aztables.Client {
	if east {
		return a.accounts.NewClient("EastWing")
	}
	return a.accounts.NewClient("WestWing")
}

type Tank struct {
	PartitionKey string
	RowKey       string
}

func (a *Aquarium) tankAndPump(ctx context.Context, hall string) error {
	t, _ := json.Marshal(Tank{PartitionKey: hall, RowKey: "north"})
	if _, err := a.tanks().AddEntity(ctx, t, nil); err != nil {
		return err
	}
	p, _ := json.Marshal(Tank{PartitionKey: hall, RowKey: "filter"})
	_, err := a.pumps().AddEntity(ctx, p, nil)
	return err
}

func (a *Aquarium) bothWings(ctx context.Context, hall string) error {
	t, _ := json.Marshal(Tank{PartitionKey: hall, RowKey: "north"})
	if _, err := a.wing(true).AddEntity(ctx, t, nil); err != nil {
		return err
	}
	s, _ := json.Marshal(Tank{PartitionKey: hall, RowKey: "south"})
	_, err := a.wing(false).AddEntity(ctx, s, nil)
	return err
}
