package archiving

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Employee struct {
	PartitionKey string
	RowKey       string
	Name         string
}

// Archive by add and delete: both, neither, or one of them.
func archive(ctx context.Context, svc *aztables.ServiceClient, dept, id string) error {
	current := svc.NewClient("Current")
	archived := svc.NewClient("Archive")
	resp, err := current.GetEntity(ctx, dept, id, nil)
	if err != nil {
		return err
	}
	var e Employee
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return err
	}
	b, _ := json.Marshal(e)
	if _, err := archived.AddEntity(ctx, b, nil); err != nil { // want `TL408: the entity is moved to another table here and deleted \(line 32\) in two independent requests$`
		return err
	}
	_, err = current.DeleteEntity(ctx, dept, id, nil)
	return err
}

// Two client parameters, an upsert, no 404 handling.
func move(ctx context.Context, from, to *aztables.Client, pk, rk string) error {
	resp, err := from.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var m map[string]any
	_ = json.Unmarshal(resp.Value, &m)
	if _, err := from.DeleteEntity(ctx, pk, rk, nil); err != nil {
		return err
	}
	b, _ := json.Marshal(m)
	_, err = to.UpsertEntity(ctx, b, nil) // want `TL408`
	return err
}

// Clients in struct fields, each given one constant table name.
type Service struct {
	orders, archive *aztables.Client
}

func NewService(svc *aztables.ServiceClient) *Service {
	return &Service{orders: svc.NewClient("Orders"), archive: svc.NewClient("OrdersArchive")}
}

func (s *Service) ArchiveNow(ctx context.Context, customer, id string) error {
	got, err := s.orders.GetEntity(ctx, customer, id, nil)
	if err != nil {
		return err
	}
	var e Employee
	_ = json.Unmarshal(got.Value, &e)
	b, _ := json.Marshal(e)
	if _, err := s.archive.AddEntity(ctx, b, nil); err != nil { // want `TL408`
		return err
	}
	_, err = s.orders.DeleteEntity(ctx, customer, id, nil)
	return err
}
