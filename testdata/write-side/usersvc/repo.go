// Package usersvc is the user repository of a small web service: every
// user in the "Users" partition of a table named by the caller.
package usersvc

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Config is read from the environment by main.
type Config struct {
	AccountName, AccountKey, ServiceURL string
}

// User is the model.
type User struct {
	ID, Name, Email, Role string
}

// Repo handles database access.
type Repo struct {
	svc *aztables.ServiceClient
}

// NewRepo connects with the configured key.
func NewRepo(cfg Config) (*Repo, error) {
	cred, err := aztables.NewSharedKeyCredential(cfg.AccountName, cfg.AccountKey) // S
	if err != nil {
		return nil, err
	}
	svc, err := aztables.NewServiceClientWithSharedKey(cfg.ServiceURL, cred, nil)
	if err != nil {
		return nil, err
	}
	return &Repo{svc: svc}, nil
}

// Create adds a user.
func (r *Repo) Create(ctx context.Context, table string, u User) error {
	e := aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: "Users", RowKey: u.ID},
		Properties: map[string]any{"Username": u.Name, "Email": u.Email, "Role": u.Role},
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = r.svc.NewClient(table).AddEntity(ctx, b, nil) // S
	return err
}

// SetRole reads the user, changes the role and writes the row back
// without the ETag of the read: a concurrent e-mail change is lost.
func (r *Repo) SetRole(ctx context.Context, table, id, role string) error {
	c := r.svc.NewClient(table)
	resp, err := c.GetEntity(ctx, "Users", id, nil)
	if err != nil {
		return err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return err
	}
	if e.Properties == nil {
		return errors.New("usersvc: empty user row")
	}
	e.Properties["Role"] = role
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = c.UpdateEntity(ctx, b, nil) // L: TL414
	return err
}

// Delete removes a user.
func (r *Repo) Delete(ctx context.Context, table, id string) (bool, error) {
	if _, err := r.svc.NewClient(table).DeleteEntity(ctx, "Users", id, nil); err != nil { // S
		return false, err
	}
	return true, nil
}
