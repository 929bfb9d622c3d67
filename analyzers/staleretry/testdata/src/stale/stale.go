package stale

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"retry"
)

type Counter struct {
	PartitionKey string
	RowKey       string
	Count        int
}

// Read once, then retry the write with the ETag of that read.
func increment(ctx context.Context, c *aztables.Client, pk, rk string) error {
	resp, err := c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var e Counter
	_ = json.Unmarshal(resp.Value, &e)
	e.Count++
	b, _ := json.Marshal(e)
	for attempt := 0; attempt < 3; attempt++ {
		_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag}) // want `TL415: UpdateEntity is retried in a loop with the same IfMatch ETag; after a 412 every retry fails$`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The ETag in a variable, the options in another; range over an integer.
func touch(ctx context.Context, c *aztables.Client, b []byte, etag string) error {
	opts := &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge}
	opts.IfMatch = to.Ptr(azcore.ETag(etag))
	var err error
	for range 5 {
		if _, err = c.UpdateEntity(ctx, b, opts); err == nil { // want `TL415: UpdateEntity is retried`
			break
		}
	}
	return err
}

// A generic retry helper around the conditional write.
func rename(ctx context.Context, c *aztables.Client, b []byte, resp aztables.GetEntityResponse) error {
	return retry.Do(3, func() error {
		_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag}) // want `TL415: retry.Do retries UpdateEntity with the same IfMatch ETag; after a 412 every retry fails$`
		return err
	})
}

// A helper of the package that calls the operation in a loop, given the
// operation through a variable.
func again(n int, op func() error) (err error) {
	for i := 0; i < n; i++ {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}

func archive(ctx context.Context, c *aztables.Client, b []byte, resp aztables.GetEntityResponse) error {
	op := func() error {
		_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag}) // want `TL415: again retries UpdateEntity`
		return err
	}
	return again(3, op)
}

type link struct {
	PartitionKey string
	RowKey       string
	Clicks       int
}

// A concurrent update wins and the click is dropped as if counted.
func click(ctx context.Context, c *aztables.Client, code string) (int, error) {
	resp, err := c.GetEntity(ctx, code, code, nil)
	if err != nil {
		return 0, err
	}
	var l link
	_ = json.Unmarshal(resp.Value, &l)
	l.Clicks++
	b, _ := json.Marshal(l)
	if _, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag}); err != nil { // want `TL415: UpdateEntity's 412 is answered with success: the change is lost; read again and retry$`
		var re *azcore.ResponseError
		if errors.As(err, &re) && re.StatusCode == http.StatusPreconditionFailed {
			return l.Clicks - 1, nil
		}
		return 0, err
	}
	return l.Clicks, nil
}
