package fields

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Kennel reaches its tables through accessor methods, each naming its
// table.
type Kennel struct{ svc *aztables.ServiceClient }

func (k *Kennel) boarding() *aztables.Client { return k.svc.NewClient("Boarding") }
func (k *Kennel) adopted() *aztables.Client  { return k.svc.NewClient("Adopted") }
func (k *Kennel) dogs() *aztables.Client     { return k.svc.NewClient("Boarding") }

type Dog struct {
	PartitionKey string
	RowKey       string
	Owner        string
}

// A dog goes home: copied from one accessor's table to the other's, then
// deleted, in two requests.
func (k *Kennel) adopt(ctx context.Context, breed, name, owner string) error {
	got, err := k.boarding().GetEntity(ctx, breed, name, nil)
	if err != nil {
		return err
	}
	var d Dog
	if err := json.Unmarshal(got.Value, &d); err != nil {
		return err
	}
	d.Owner = owner
	b, _ := json.Marshal(d)
	if _, err := k.adopted().AddEntity(ctx, b, nil); err != nil { // want `TL408: the entity is moved to another table here and deleted \(line 40\)`
		return err
	}
	_, err = k.boarding().DeleteEntity(ctx, breed, name, nil)
	return err
}

// Silent: the two accessors name the same table, so the dog is renamed
// within it, not moved.
func (k *Kennel) rehome(ctx context.Context, breed, name, owner string) error {
	got, err := k.boarding().GetEntity(ctx, breed, name, nil)
	if err != nil {
		return err
	}
	var d Dog
	if err := json.Unmarshal(got.Value, &d); err != nil {
		return err
	}
	d.RowKey = owner + "-" + name
	b, _ := json.Marshal(d)
	if _, err := k.dogs().AddEntity(ctx, b, nil); err != nil {
		return err
	}
	_, err = k.boarding().DeleteEntity(ctx, breed, name, nil)
	return err
}
