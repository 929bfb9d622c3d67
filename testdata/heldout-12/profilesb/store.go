package profilesb

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Profile is one user's row: PartitionKey the tenant, RowKey the user id.
type Profile struct {
	aztables.Entity
	Email   string
	Name    string
	Visits  int32
	Plan    string
	Created time.Time
}

// Store wraps one table client.
type Store struct {
	c *aztables.Client
}

// NewStore opens the table from a connection string read at start-up.
func NewStore(conn string) (*Store, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil) // S
	if err != nil {
		return nil, err
	}
	c := svc.NewClient("profiles")
	if _, err := c.CreateTable(context.Background(), nil); err != nil && !conflict(err) {
		return nil, err
	}
	return &Store{c: c}, nil
}

// Get reads a profile; a missing one is (nil, "", nil).
func (s *Store) Get(ctx context.Context, tenant, user string) (*Profile, azcore.ETag, error) {
	resp, err := s.c.GetEntity(ctx, tenant, user, nil) // S
	if notFound(err) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	var p Profile
	if err := json.Unmarshal(resp.Value, &p); err != nil {
		return nil, "", err
	}
	return &p, resp.ETag, nil
}

// GetOrCreate reads the profile and inserts a fresh one on 404; when the
// insert meets 409, another request won the race and its row is read.
func (s *Store) GetOrCreate(ctx context.Context, tenant, user, email string) (*Profile, error) {
	p, _, err := s.Get(ctx, tenant, user)
	if err != nil || p != nil {
		return p, err
	}
	fresh := Profile{
		Entity:  aztables.Entity{PartitionKey: tenant, RowKey: user}, // S
		Email:   email,
		Plan:    "free",
		Created: time.Now().UTC(),
	}
	b, err := json.Marshal(fresh)
	if err != nil {
		return nil, err
	}
	if _, err := s.c.AddEntity(ctx, b, nil); err != nil { // S
		if conflict(err) {
			p, _, err := s.Get(ctx, tenant, user)
			return p, err
		}
		return nil, err
	}
	return &fresh, nil
}

// CountVisit adds one visit under the read's ETag and reports a lost race.
func (s *Store) CountVisit(ctx context.Context, tenant, user string) error {
	resp, err := s.c.GetEntity(ctx, tenant, user, nil) // L: TL201
	if err != nil {
		return err
	}
	var p Profile
	if err := json.Unmarshal(resp.Value, &p); err != nil {
		return err
	}
	p.Visits++
	b, err := json.Marshal(p)
	if err != nil {
		return err
	}
	_, err = s.c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag, UpdateMode: aztables.UpdateModeMerge}) // S
	if stale(err) {
		return ErrChanged
	}
	return err
}

// Upgrade reads the profile, changes its plan and upserts it back (added):
// an upsert never sends If-Match.
func (s *Store) Upgrade(ctx context.Context, tenant, user, plan string) error {
	resp, err := s.c.GetEntity(ctx, tenant, user, nil)
	if err != nil {
		return err
	}
	var p Profile
	if err := json.Unmarshal(resp.Value, &p); err != nil {
		return err
	}
	p.Plan = plan
	b, err := json.Marshal(p)
	if err != nil {
		return err
	}
	_, err = s.c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // L: TL414
	return err
}

// Rename merges a new display name with If-Match * (added).
func (s *Store) Rename(ctx context.Context, tenant, user, name string) error {
	resp, err := s.c.GetEntity(ctx, tenant, user, nil)
	if err != nil {
		return err
	}
	var p Profile
	if err := json.Unmarshal(resp.Value, &p); err != nil {
		return err
	}
	p.Name = strings.TrimSpace(name)
	b, err := json.Marshal(p)
	if err != nil {
		return err
	}
	star := azcore.ETagAny
	_, err = s.c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &star, UpdateMode: aztables.UpdateModeMerge}) // L: TL414
	return err
}

// Forget deletes the profile; a row already gone counts as deleted.
func (s *Store) Forget(ctx context.Context, tenant, user string) error {
	_, err := s.c.DeleteEntity(ctx, tenant, user, nil) // S
	if notFound(err) {
		return nil
	}
	return err
}

// ByEmail finds a tenant's profiles with an email (added): the tenant pins
// the partition, the email is escaped, every page is read.
func (s *Store) ByEmail(ctx context.Context, tenant, email string) ([]Profile, error) {
	f := "PartitionKey eq '" + strings.ReplaceAll(tenant, "'", "''") + "' and Email eq '" + strings.ReplaceAll(email, "'", "''") + "'" // S
	pager := s.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})                                                       // L: TL303
	var out []Profile
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var p Profile
			if err := json.Unmarshal(raw, &p); err != nil {
				return nil, err
			}
			out = append(out, p)
		}
	}
	return out, nil
}
