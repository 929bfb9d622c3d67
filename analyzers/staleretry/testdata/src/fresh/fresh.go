package fresh

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"retry"
)

type Counter struct {
	PartitionKey string
	RowKey       string
	Count        int
}

// The retry starts over from the read.
func increment(ctx context.Context, c *aztables.Client, pk, rk string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		resp, gerr := c.GetEntity(ctx, pk, rk, nil)
		if gerr != nil {
			return gerr
		}
		var e Counter
		_ = json.Unmarshal(resp.Value, &e)
		e.Count++
		b, _ := json.Marshal(e)
		if _, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag}); err == nil {
			return nil
		}
	}
	return err
}

func load(ctx context.Context, c *aztables.Client, pk, rk string) (Counter, azcore.ETag, error) {
	resp, err := c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return Counter{}, "", err
	}
	var e Counter
	err = json.Unmarshal(resp.Value, &e)
	return e, resp.ETag, err
}

// Re-read through a helper of the package, inside a retry helper.
func bump(ctx context.Context, c *aztables.Client, pk, rk string) error {
	return retry.Do(5, func() error {
		e, etag, err := load(ctx, c, pk, rk)
		if err != nil {
			return err
		}
		e.Count++
		b, _ := json.Marshal(e)
		_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &etag})
		return err
	})
}

// The loop gives up on a precondition failure; it retries other errors.
func transient(ctx context.Context, c *aztables.Client, b []byte, etag azcore.ETag) error {
	var err error
	for i := 0; i < 3; i++ {
		_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &etag})
		var re *azcore.ResponseError
		if err == nil || errors.As(err, &re) && re.StatusCode == http.StatusPreconditionFailed {
			return err
		}
	}
	return err
}

type Item struct {
	Data []byte
	ETag azcore.ETag
}

// A loop over entities, each with its own ETag.
func saveAll(ctx context.Context, c *aztables.Client, items []Item) error {
	for _, it := range items {
		if _, err := c.UpdateEntity(ctx, it.Data, &aztables.UpdateEntityOptions{IfMatch: &it.ETag}); err != nil {
			return err
		}
	}
	for i := 0; i < len(items); i++ {
		if _, err := c.UpdateEntity(ctx, items[i].Data, &aztables.UpdateEntityOptions{IfMatch: &items[i].ETag}); err != nil {
			return err
		}
	}
	return nil
}

// Unconditional writes are TL414's concern.
func blind(ctx context.Context, c *aztables.Client, b []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: to(azcore.ETagAny)}); err == nil {
			return nil
		}
		if _, err = c.UpdateEntity(ctx, b, nil); err == nil {
			return nil
		}
	}
	return err
}

func to(e azcore.ETag) *azcore.ETag { return &e }

// The ETag is set from the write's own response: the loop is a series
// of conditional writes, each with the ETag of the last.
func chain(ctx context.Context, c *aztables.Client, parts [][]byte, etag azcore.ETag) error {
	for i := 0; i < len(parts); i++ {
		resp, err := c.UpdateEntity(ctx, parts[i], &aztables.UpdateEntityOptions{IfMatch: &etag})
		if err != nil {
			return err
		}
		etag = resp.ETag
	}
	return nil
}

// Not retried: a function literal run once.
func once(ctx context.Context, c *aztables.Client, b []byte, etag azcore.ETag) error {
	run := func() error {
		_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &etag})
		return err
	}
	return run()
}

var errTransient = errors.New("transient")

func isTransient(err error) bool {
	var re *azcore.ResponseError
	return errors.As(err, &re) && (re.StatusCode == 503 || re.StatusCode == 429)
}

// The loop retries transient failures only.
func transientOnly(ctx context.Context, c *aztables.Client, b []byte, etag azcore.ETag) error {
	var err error
	for i := 0; i < 3; i++ {
		_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &etag})
		if err == nil || !isTransient(err) {
			return err
		}
	}
	return err
}

type executor struct{ attempts int }

// do retries an operation while its error is transient.
func (x executor) do(ctx context.Context, op func(context.Context) error) error {
	var err error
	for i := 0; i < x.attempts; i++ {
		err = op(ctx)
		if err == nil || !isTransient(err) {
			return err
		}
	}
	return err
}

func viaExecutor(ctx context.Context, x executor, c *aztables.Client, b []byte, etag azcore.ETag) error {
	return x.do(ctx, func(attempt context.Context) error {
		_, err := c.UpdateEntity(attempt, b, &aztables.UpdateEntityOptions{IfMatch: &etag})
		return err
	})
}

// A retry helper told which errors to retry.
func retryIf(ctx context.Context, c *aztables.Client, b []byte, etag azcore.ETag) error {
	return retry.DoIf(3, func() error {
		_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &etag})
		return err
	}, func(err error) bool { return isTransient(err) })
}

// A search loop: the write runs once, then the function returns.
func setFirst(ctx context.Context, c *aztables.Client, ids []string, target string, b []byte, etag azcore.ETag) error {
	for i := 0; i < len(ids); i++ {
		if ids[i] == target {
			_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &etag})
			return err
		}
	}
	for {
		if _, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &etag}); err != nil {
			return err
		}
		break
	}
	return nil
}

var errBusy = errors.New("busy, try again")

// The 412 becomes an error for the caller.
func claim(ctx context.Context, c *aztables.Client, b []byte, etag azcore.ETag) error {
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &etag})
	var re *azcore.ResponseError
	if errors.As(err, &re) && re.StatusCode == http.StatusPreconditionFailed {
		return errBusy
	}
	return err
}

// An HTTP-style handler tells its client.
func handler(ctx context.Context, c *aztables.Client, b []byte, etag azcore.ETag, status func(int)) {
	if _, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &etag}); err != nil {
		var re *azcore.ResponseError
		if errors.As(err, &re) && re.StatusCode == http.StatusPreconditionFailed {
			status(http.StatusConflict)
			return
		}
		status(http.StatusInternalServerError)
	}
}
