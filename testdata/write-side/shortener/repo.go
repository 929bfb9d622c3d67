// Package shortener is the table repository of a URL shortener: the
// short code as partition and row, a click counter on the row.
package shortener

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type link struct {
	PartitionKey string
	RowKey       string
	Target       string
	Clicks       int32
	CreatedNanos int64
}

// Repo is the links table.
type Repo struct {
	client *aztables.Client
}

// New connects with the key from the environment.
func New() *Repo {
	name := os.Getenv("AZURE_STORAGE_ACCOUNT_NAME")
	key := os.Getenv("AZURE_STORAGE_ACCOUNT_KEY")
	cred, err := aztables.NewSharedKeyCredential(name, key) // S
	if err != nil {
		log.Fatalf("failed to create credential: %v", err)
	}
	svc, err := aztables.NewServiceClientWithSharedKey(fmt.Sprintf("https://%s.table.core.windows.net", name), cred, nil)
	if err != nil {
		log.Fatalf("failed to create client: %v", err)
	}
	return &Repo{client: svc.NewClient(os.Getenv("AZURE_TABLE_NAME"))}
}

// Save stores a new short link; an existing code is refused.
func (r *Repo) Save(ctx context.Context, code, target string) error {
	b, err := json.Marshal(link{
		PartitionKey: code,
		RowKey:       code,
		Target:       target,
		CreatedNanos: time.Now().UnixNano(), // L: TL125
	})
	if err != nil {
		return err
	}
	_, err = r.client.AddEntity(ctx, b, nil) // S
	return err
}

// Click counts one visit with the ETag of the read. When another visit
// changed the row first the update fails with 412 and the click is
// dropped instead of being counted again from a fresh read.
func (r *Repo) Click(ctx context.Context, code string) (string, error) {
	resp, err := r.client.GetEntity(ctx, code, code, nil)
	if err != nil {
		return "", err
	}
	var l link
	if err := json.Unmarshal(resp.Value, &l); err != nil {
		return "", err
	}
	l.Clicks++
	b, err := json.Marshal(l)
	if err != nil {
		return "", err
	}
	if _, err := r.client.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag}); err != nil { // L: TL415
		var re *azcore.ResponseError
		if errors.As(err, &re) && re.StatusCode == http.StatusPreconditionFailed {
			log.Printf("click on %s lost to a concurrent update", code)
			return l.Target, nil
		}
		return "", err
	}
	return l.Target, nil
}
