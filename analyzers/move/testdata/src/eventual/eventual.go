package eventual

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Employee struct {
	PartitionKey string
	RowKey       string
	Name         string
}

// The pattern's worker: insert or replace, delete if exists; retried by
// the queue.
func archiveStep(ctx context.Context, current, archived *aztables.Client, dept, id string) error {
	resp, err := current.GetEntity(ctx, dept, id, nil)
	if err != nil {
		return err
	}
	var e Employee
	_ = json.Unmarshal(resp.Value, &e)
	b, _ := json.Marshal(e)
	if _, err := archived.UpsertEntity(ctx, b, nil); err != nil {
		return err
	}
	_, err = current.DeleteEntity(ctx, dept, id, nil)
	var re *azcore.ResponseError
	if errors.As(err, &re) && re.StatusCode == http.StatusNotFound {
		return nil
	}
	return err
}

// Same table (a rename within it): a transaction may do.
func rename(ctx context.Context, c *aztables.Client, pk, oldID, newID string) error {
	resp, _ := c.GetEntity(ctx, pk, oldID, nil)
	var e Employee
	_ = json.Unmarshal(resp.Value, &e)
	e.RowKey = newID
	b, _ := json.Marshal(e)
	if _, err := c.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	_, err := c.DeleteEntity(ctx, pk, oldID, nil)
	return err
}

// A copy without a delete.
func backup(ctx context.Context, svc *aztables.ServiceClient, pk, rk string) error {
	resp, _ := svc.NewClient("Current").GetEntity(ctx, pk, rk, nil)
	var e Employee
	_ = json.Unmarshal(resp.Value, &e)
	b, _ := json.Marshal(e)
	_, err := svc.NewClient("Backup").AddEntity(ctx, b, nil)
	return err
}

// Clients the analyzer cannot tell apart.
func named(ctx context.Context, svc *aztables.ServiceClient, from, to, pk, rk string) error {
	src := svc.NewClient(from)
	resp, _ := src.GetEntity(ctx, pk, rk, nil)
	var e Employee
	_ = json.Unmarshal(resp.Value, &e)
	b, _ := json.Marshal(e)
	if _, err := svc.NewClient(to).AddEntity(ctx, b, nil); err != nil {
		return err
	}
	_, err := src.DeleteEntity(ctx, pk, rk, nil)
	return err
}

// A field given two different tables: unknown.
type Mover struct{ src, dst *aztables.Client }

func (m *Mover) Setup(svc *aztables.ServiceClient, flip bool) {
	m.src, m.dst = svc.NewClient("A"), svc.NewClient("B")
	if flip {
		m.src, m.dst = svc.NewClient("B"), svc.NewClient("A")
	}
}

func (m *Mover) Move(ctx context.Context, pk, rk string) error {
	resp, _ := m.src.GetEntity(ctx, pk, rk, nil)
	var e Employee
	_ = json.Unmarshal(resp.Value, &e)
	b, _ := json.Marshal(e)
	if _, err := m.dst.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	_, err := m.src.DeleteEntity(ctx, pk, rk, nil)
	return err
}
