package archiving

import (
	"context"
	"errors"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// The read's bytes written to the other table as they are.
func archiveRaw(ctx context.Context, svc *aztables.ServiceClient, dept, id string) error {
	current, history := svc.NewClient("Current"), svc.NewClient("History")
	resp, err := current.GetEntity(ctx, dept, id, nil)
	if err != nil {
		return err
	}
	if _, err := history.AddEntity(ctx, resp.Value, nil); err != nil { // want `TL408`
		return err
	}
	_, err = current.DeleteEntity(ctx, dept, id, nil)
	return err
}

// A copy within one table, and the pattern's worker: silent.
func copyRaw(ctx context.Context, c *aztables.Client, dept, id string) error {
	resp, err := c.GetEntity(ctx, dept, id, nil)
	if err != nil {
		return err
	}
	if _, err := c.UpsertEntity(ctx, resp.Value, nil); err != nil {
		return err
	}
	_, err = c.DeleteEntity(ctx, dept, id, nil)
	return err
}

func workerRaw(ctx context.Context, svc *aztables.ServiceClient, dept, id string) error {
	current, history := svc.NewClient("Current"), svc.NewClient("History")
	resp, err := current.GetEntity(ctx, dept, id, nil)
	if err != nil {
		return err
	}
	if _, err := history.UpsertEntity(ctx, resp.Value, nil); err != nil {
		return err
	}
	_, err = current.DeleteEntity(ctx, dept, id, nil)
	var re *azcore.ResponseError
	if errors.As(err, &re) && re.StatusCode == http.StatusNotFound {
		return nil
	}
	return err
}
