// Package archive moves completed orders from the orders table to the
// archive table, inline in the API and through a queue worker.
package archive

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Service holds the two tables.
type Service struct {
	orders  *aztables.Client
	archive *aztables.Client
}

type order struct {
	PartitionKey string
	RowKey       string
	Total        float64
	Status       string
}

// Complete archives an order inline: a failure after the add leaves the
// order in both tables; nothing retries it.
func (s *Service) Complete(ctx context.Context, customer, id string) error {
	resp, err := s.orders.GetEntity(ctx, customer, id, nil)
	if err != nil {
		return err
	}
	var o order
	if err := json.Unmarshal(resp.Value, &o); err != nil {
		return err
	}
	o.Status = "completed"
	b, err := json.Marshal(o)
	if err != nil {
		return err
	}
	if _, err := s.archive.AddEntity(ctx, b, nil); err != nil { // L: TL408
		return err
	}
	_, err = s.orders.DeleteEntity(ctx, customer, id, nil)
	return err
}

// ArchiveStep is the queue worker's version: insert-or-replace into the
// archive, then a delete that treats 404 as done; the message is deleted
// only after both, so a failure is retried.
func (s *Service) ArchiveStep(ctx context.Context, customer, id string) error {
	resp, err := s.orders.GetEntity(ctx, customer, id, nil)
	if err != nil {
		var re *azcore.ResponseError
		if errors.As(err, &re) && re.StatusCode == http.StatusNotFound {
			return nil // archived by an earlier delivery
		}
		return err
	}
	if _, err := s.archive.UpsertEntity(ctx, resp.Value, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}); err != nil { // S
		return err
	}
	_, err = s.orders.DeleteEntity(ctx, customer, id, nil) // S
	var re *azcore.ResponseError
	if err != nil && errors.As(err, &re) && re.StatusCode == http.StatusNotFound {
		return nil
	}
	return err
}
