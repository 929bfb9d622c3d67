// Package calledlit: a property filled by a function literal called
// where it is written (func() string { … }()), and by a function value.
package calledlit

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// fetch returns the backend's answer decoded whole: any size.
func fetch(url string) (any, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	var v any
	err = json.Unmarshal(body, &v)
	return v, err
}

func cache(ctx context.Context, c *aztables.Client, url, key string) error {
	v, err := fetch(url)
	if err != nil {
		return err
	}
	props := map[string]any{
		"Value": func() string { // want `TL122: property Value is filled from a marshalled document`
			b, _ := json.Marshal(v)
			return string(b)
		}(),
	}
	e := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "cache", RowKey: key}, Properties: props}
	b, _ := json.Marshal(e)
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// Silent: the literal returns a number's text.
func count(ctx context.Context, c *aztables.Client, key string, n int) error {
	props := map[string]any{
		"Count": func() string {
			return strconv.Itoa(n)
		}(),
	}
	e := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "counts", RowKey: key}, Properties: props}
	b, _ := json.Marshal(e)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// Silent: the backend's answer cut at 4 KiB before it is decoded.
func fetchSmall(url string) (any, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
	if err != nil {
		return nil, err
	}
	var v any
	err = json.Unmarshal(body, &v)
	return v, err
}

func cacheSmall(ctx context.Context, c *aztables.Client, url, key string) error {
	v, err := fetchSmall(url)
	if err != nil {
		return err
	}
	props := map[string]any{
		"Value": func() string {
			b, _ := json.Marshal(v)
			return string(b)
		}(),
	}
	e := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "cache", RowKey: key}, Properties: props}
	b, _ := json.Marshal(e)
	_, err = c.AddEntity(ctx, b, nil)
	return err
}
