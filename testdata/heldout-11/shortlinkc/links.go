// Package shortlinkc recreates, in new words, the table code of a small
// URL shortener run as an Azure Functions custom handler: one table of
// links in one fixed partition, the short code taken from the last
// segment of the request path, a click counter bumped on every redirect.
package shortlinkc

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const (
	linkTable = "links"
	ownerPart = "owner"
)

// shortLink is one stored link. Visits and Cap are 32-bit counters.
type shortLink struct {
	aztables.Entity
	Target string `json:"Url"`
	Visits int32  `json:"Click"`
	Cap    int32  `json:"MaxClick"`
}

var errNoLink = errors.New("shortlinkc: no such link")

// fetchLink reads one link by its short code.
func fetchLink(ctx context.Context, c *aztables.Client, code string) (*shortLink, error) {
	got, err := c.GetEntity(ctx, ownerPart, code, nil) // L: TL201
	if err != nil {
		var re *azcore.ResponseError
		if errors.As(err, &re) && re.StatusCode == http.StatusNotFound {
			return nil, errNoLink
		}
		return nil, err
	}
	l := new(shortLink)
	if err := json.Unmarshal(got.Value, l); err != nil {
		return nil, err
	}
	return l, nil
}

// countVisit adds one to the link's counter and writes the whole link back.
func countVisit(ctx context.Context, c *aztables.Client, l *shortLink) error {
	l.Visits = l.Visits + 1
	body, err := json.Marshal(l)
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, body, nil) // L: TL414
	return err
}

// storeLink writes a fresh link with a zero counter.
func storeLink(ctx context.Context, c *aztables.Client, code, target string, cap32 int32) error {
	l := shortLink{
		Entity: aztables.Entity{
			PartitionKey: ownerPart, // S
			RowKey:       code,      // L: TL201
		},
		Target: target, // L: TL122
		Visits: 0,
		Cap:    cap32, // S
	}
	body, err := json.Marshal(l)
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, body, nil) // S
	return err
}

// dropLink removes a link by its short code (added).
func dropLink(ctx context.Context, c *aztables.Client, code string) error {
	_, err := c.DeleteEntity(ctx, ownerPart, code, nil) // L: TL201
	return err
}
