// Package ghbond links company accounts to GitHub accounts: a login state
// row per OAuth round trip, a user row per e-mail address, all in the
// company's partition.
package ghbond

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

const org = "contoso"

// Store reaches the access and users tables.
type Store struct{ svc *aztables.ServiceClient }

// Open connects with TABLE_CONNECTION_STRING.
func Open() (*Store, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(os.Getenv("TABLE_CONNECTION_STRING"), nil)
	if err != nil {
		return nil, err
	}
	return &Store{svc: svc}, nil
}

// NewState records who started a login; the id travels in the OAuth state.
func (s *Store) NewState(ctx context.Context, email string) (string, error) {
	id := uuid.NewString()
	e := aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: org, RowKey: "state#" + id}, // L: TL201
		Properties: map[string]any{"userEmail": email},
	}
	b, _ := json.Marshal(e)
	_, err := s.svc.NewClient("access").AddEntity(ctx, b, nil)
	return id, err
}

// EmailForState returns the address a login state was made for.
func (s *Store) EmailForState(ctx context.Context, state string) (string, error) {
	resp, err := s.svc.NewClient("access").GetEntity(ctx, org, "state#"+state, nil) // L: TL201
	if err != nil {
		return "", err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return "", err
	}
	return fmt.Sprint(e.Properties["userEmail"]), nil
}

// SaveUser records the GitHub account an address is bonded to.
func (s *Store) SaveUser(ctx context.Context, email, login string, githubID int64) error {
	e := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: org, RowKey: email},
		Properties: map[string]any{
			"bonded":      true,
			"githubId":    githubID, // S
			"githubLogin": login,
			"bondedMs":    time.Now().UnixMilli(), // L: TL125
		},
	}
	b, _ := json.Marshal(e)
	_, err := s.svc.NewClient("users").UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // S
	return err
}

// MarkJoined flags that the user joined one of the GitHub organisations.
func (s *Store) MarkJoined(ctx context.Context, email, which string) error {
	c := s.svc.NewClient("users")
	resp, err := c.GetEntity(ctx, org, email, nil)
	if err != nil {
		return err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return err
	}
	e.Properties[which+"Joined"] = true
	b, _ := json.Marshal(e)
	_, err = c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // L: TL414
	return err
}

// MarkLeft clears the flag, conditional on the version read.
func (s *Store) MarkLeft(ctx context.Context, email, which string) error {
	c := s.svc.NewClient("users")
	resp, err := c.GetEntity(ctx, org, email, nil)
	if err != nil {
		return err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return err
	}
	e.Properties[which+"Joined"] = false
	b, _ := json.Marshal(e)
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag, UpdateMode: aztables.UpdateModeMerge}) // S
	return err
}

// ByLogin finds the addresses bonded to a GitHub login.
func (s *Store) ByLogin(ctx context.Context, login string) ([]string, error) {
	filter := "PartitionKey eq '" + org + "' and githubLogin eq '" + login + "'"                           // L: TL321
	pager := s.svc.NewClient("users").NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // L: TL303
	var out []string
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if json.Unmarshal(raw, &e) == nil {
				out = append(out, e.RowKey)
			}
		}
	}
	return out, nil
}

// HandleLookup answers GET /api/bonded?login=… for the admin page.
func (s *Store) HandleLookup(w http.ResponseWriter, r *http.Request) {
	emails, err := s.ByLogin(r.Context(), r.FormValue("login"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(emails)
}
