// Package profilesvc stores user profiles, one partition per organisation.
package profilesvc

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Profile is the stored row.
type Profile struct {
	PartitionKey string
	RowKey       string
	Name         string
	Email        string
	Title        string
	Joined       aztables.EDMDateTime
}

// Service holds the profiles table.
type Service struct{ svc *aztables.ServiceClient }

func (s *Service) table() *aztables.Client { return s.svc.NewClient("user-profiles") } // L: TL101

// Rename replaces a profile with only its name, dropping the other properties.
func (s *Service) Rename(ctx context.Context, org, user, name string) error {
	t := s.table()
	r, err := t.GetEntity(ctx, org, user, nil)
	if err != nil {
		return err
	}
	var p Profile
	if err := json.Unmarshal(r.Value, &p); err != nil {
		return err
	}
	b, _ := json.Marshal(map[string]any{"PartitionKey": org, "RowKey": user, "Name": name})
	_, err = t.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &r.ETag, UpdateMode: aztables.UpdateModeReplace}) // L: TL411
	return err
}

// Retitle changes the title with a Merge and the read's ETag.
func (s *Service) Retitle(ctx context.Context, org, user, title string) error {
	t := s.table()
	r, err := t.GetEntity(ctx, org, user, nil)
	if err != nil {
		return err
	}
	var p Profile
	if err := json.Unmarshal(r.Value, &p); err != nil {
		return err
	}
	p.Title = title
	b, _ := json.Marshal(p)
	_, err = t.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &r.ETag, UpdateMode: aztables.UpdateModeMerge}) // S
	return err
}

// SetEmail reads, changes and upserts: the upsert sends no ETag.
func (s *Service) SetEmail(ctx context.Context, org, user, email string) error {
	t := s.table()
	r, err := t.GetEntity(ctx, org, user, nil)
	if err != nil {
		return err
	}
	var p Profile
	if err := json.Unmarshal(r.Value, &p); err != nil {
		return err
	}
	p.Email = email
	b, _ := json.Marshal(p)
	_, err = t.UpsertEntity(ctx, b, nil) // L: TL414
	return err
}

// MarkSeen fires an update of a row it never read and ignores the result.
func (s *Service) MarkSeen(ctx context.Context, org, user string) {
	b, _ := json.Marshal(map[string]any{"PartitionKey": org, "RowKey": user, "Seen": true})
	_, _ = s.table().UpdateEntity(ctx, b, nil) // L: TL412
}

// Create adds a profile for a new member.
func (s *Service) Create(ctx context.Context, org, user, name string) error {
	p := Profile{PartitionKey: org, RowKey: user, Name: name, Joined: aztables.EDMDateTime(time.Now())} // S
	b, _ := json.Marshal(p)
	_, err := s.table().AddEntity(ctx, b, nil) // S
	return err
}

// Import adds a profile whose join date the old system never had. In a
// plain struct an EDMDateTime is sent as its text with no type, so the
// service stores the String "0001-01-01T00:00:00Z" and accepts it.
func (s *Service) Import(ctx context.Context, org, user, name string) error {
	p := Profile{PartitionKey: org, RowKey: user, Name: name, Joined: aztables.EDMDateTime{}} // S
	b, _ := json.Marshal(p)
	_, err := s.table().AddEntity(ctx, b, nil)
	return err
}

// Team adds the default three members of a new organisation one by one.
func (s *Service) Team(ctx context.Context, org string) error {
	t := s.table()
	a, _ := json.Marshal(Profile{PartitionKey: org, RowKey: "owner", Name: "Owner", Joined: aztables.EDMDateTime(time.Now())})
	if _, err := t.AddEntity(ctx, a, nil); err != nil {
		return err
	}
	b, _ := json.Marshal(Profile{PartitionKey: org, RowKey: "admin", Name: "Admin", Joined: aztables.EDMDateTime(time.Now())})
	if _, err := t.AddEntity(ctx, b, nil); err != nil { // L: TL406
		return err
	}
	return nil
}

// Legacy reads a profile by a key with a slash in it.
func (s *Service) Legacy(ctx context.Context) ([]byte, error) {
	r, err := s.table().GetEntity(ctx, "acme/emea", "owner", nil) // L: TL201
	return r.Value, err
}
