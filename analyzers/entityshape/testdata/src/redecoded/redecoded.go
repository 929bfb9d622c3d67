package redecoded

import (
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// lookup asks a weather service and keeps its whole answer, whatever
// its shape.
func lookup(url string) (any, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	var forecast any
	if err := json.Unmarshal(raw, &forecast); err != nil {
		return nil, err
	}
	return forecast, nil
}

// lookupBrief reads at most 8 KiB of the answer.
func lookupBrief(url string) (any, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 8<<10))
	if err != nil {
		return nil, err
	}
	var forecast any
	err = json.Unmarshal(raw, &forecast)
	return forecast, err
}

// lookupHuge reads up to 4 MiB of the answer: over a String property.
func lookupHuge(url string) (any, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return nil, err
	}
	var forecast any
	err = json.Unmarshal(raw, &forecast)
	return forecast, err
}

func cacheForecast(ctx context.Context, c *aztables.Client, city string) error {
	f, err := lookup("https://weather.example/" + city)
	if err != nil {
		return err
	}
	text, err := json.Marshal(f)
	if err != nil {
		return err
	}
	ent := map[string]any{
		"PartitionKey": "forecast",
		"RowKey":       city,
		"Body":         string(text), // want `TL122: property Body is filled from a marshalled document`
	}
	b, _ := json.Marshal(ent)
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// cacheBrief: the answer was read through an 8 KiB limit, so the
// document marshalled again fits a String property.
func cacheBrief(ctx context.Context, c *aztables.Client, city string) error {
	f, err := lookupBrief("https://weather.example/" + city)
	if err != nil {
		return err
	}
	text, err := json.Marshal(f)
	if err != nil {
		return err
	}
	ent := map[string]any{
		"PartitionKey": "brief",
		"RowKey":       city,
		"Body":         string(text),
	}
	b, _ := json.Marshal(ent)
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// cacheHuge: a limit, but one over the 64 KiB String limit and the
// entity's 1 MiB.
func cacheHuge(ctx context.Context, c *aztables.Client, city string) error {
	f, err := lookupHuge("https://weather.example/" + city)
	if err != nil {
		return err
	}
	text, err := json.Marshal(f)
	if err != nil {
		return err
	}
	ent := map[string]any{
		"PartitionKey": "huge",
		"RowKey":       city,
		"Body":         string(text), // want `TL122: property Body is filled with up to 4194304 bytes` `TL121: property Body is filled with up to 4194304 bytes`
	}
	b, _ := json.Marshal(ent)
	_, err = c.AddEntity(ctx, b, nil)
	return err
}
