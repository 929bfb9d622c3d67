// Package statekeyb is a key/value state API over one table, after the
// proposal in dapr/components-contrib#3916: the PartitionKey is the
// application's name unless a request's metadata names one
// (`"metadata": {"partitionKey": "tenant-01"}`), the RowKey is the state key.
package statekeyb

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Item is one entry of a save request.
type Item struct {
	Key      string            `json:"key"`
	Value    json.RawMessage   `json:"value"`
	ETag     string            `json:"etag,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// row is the stored entity.
type row struct {
	aztables.Entity
	Value string
}

// Store is the state store of one application.
type Store struct {
	app string
	c   *aztables.Client
}

// New opens the table with a token credential.
func New(app, endpoint string, cred azcore.TokenCredential) (*Store, error) {
	svc, err := aztables.NewServiceClient(endpoint, cred, nil)
	if err != nil {
		return nil, err
	}
	return &Store{app: app, c: svc.NewClient("state")}, nil
}

// partition is the proposal's rule: the request's partitionKey, else the
// application's name.
func (s *Store) partition(md map[string]string) string {
	if pk := md["partitionKey"]; pk != "" {
		return pk
	}
	return s.app
}

func isStatus(err error, code int) bool {
	var re *azcore.ResponseError
	return errors.As(err, &re) && re.StatusCode == code
}

// save writes one item: under its ETag when the request sends one
// (first-write-wins), else as an upsert.
func (s *Store) save(ctx context.Context, it Item) error {
	e := row{
		Entity: aztables.Entity{
			PartitionKey: s.partition(it.Metadata), // L: TL201
			RowKey:       it.Key,                   // L: TL201
		},
		Value: string(it.Value), // L: TL122
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	if it.ETag != "" {
		tag := azcore.ETag(it.ETag)
		_, err = s.c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &tag, UpdateMode: aztables.UpdateModeReplace}) // S
		if isStatus(err, http.StatusPreconditionFailed) {
			return errors.New("state: etag mismatch")
		}
		return err
	}
	_, err = s.c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}
