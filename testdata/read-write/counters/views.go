// Package counters counts page views with optimistic concurrency (shape
// of a blog's view counter).
package counters

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type counter struct {
	aztables.Entity
	Views int32 `json:"Views"`
}

// Bump adds one view, retrying the write three times with the ETag of
// the single read.
func Bump(ctx context.Context, c *aztables.Client, page string) error {
	resp, err := c.GetEntity(ctx, "views", page, nil)
	if err != nil {
		return err
	}
	var v counter
	if err := json.Unmarshal(resp.Value, &v); err != nil {
		return err
	}
	v.Views++
	b, _ := json.Marshal(v)
	for i := 0; i < 3; i++ {
		_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag}) // L: TL415
		if err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return err
}

// BumpFresh reads again before every attempt.
func BumpFresh(ctx context.Context, c *aztables.Client, page string) error {
	for i := 0; i < 5; i++ {
		resp, err := c.GetEntity(ctx, "views", page, nil)
		if err != nil {
			return err
		}
		var v counter
		if err := json.Unmarshal(resp.Value, &v); err != nil {
			return err
		}
		v.Views++
		b, _ := json.Marshal(v)
		_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag}) // S
		var re *azcore.ResponseError
		if errors.As(err, &re) && re.StatusCode == http.StatusPreconditionFailed {
			continue
		}
		return err
	}
	return errors.New("too much contention")
}
