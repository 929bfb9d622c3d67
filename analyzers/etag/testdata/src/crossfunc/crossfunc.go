package crossfunc

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Profile struct {
	PartitionKey string
	RowKey       string
	Name         string
	Visits       int
}

// A repository whose Get drops the ETag of the read.
type Repo struct{ c *aztables.Client }

func (r *Repo) Get(ctx context.Context, id string) (*Profile, error) {
	resp, err := r.c.GetEntity(ctx, "profiles", id, nil)
	if err != nil {
		return nil, err
	}
	var p Profile
	if err := json.Unmarshal(resp.Value, &p); err != nil {
		return nil, err
	}
	return &p, nil
}

func (r *Repo) Put(ctx context.Context, p *Profile) error {
	b, _ := json.Marshal(p)
	_, err := r.c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

func visit(ctx context.Context, r *Repo, id string) error {
	p, err := r.Get(ctx, id)
	if err != nil {
		return err
	}
	p.Visits++
	return r.Put(ctx, p) // want `TL414: Put writes back an entity read by GetEntity with UpdateEntity and no IfMatch`
}

// The same through an interface the package implements.
type Store interface {
	Get(ctx context.Context, id string) (*Profile, error)
	Put(ctx context.Context, p *Profile) error
}

func rename(ctx context.Context, s Store, id, name string) error {
	p, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	p.Name = name
	return s.Put(ctx, p) // want `TL414: Put writes back an entity read by GetEntity`
}

// A read in a helper, the write in the caller.
func load(ctx context.Context, c *aztables.Client, id string) (Profile, error) {
	var p Profile
	resp, err := c.GetEntity(ctx, "profiles", id, nil)
	if err != nil {
		return p, err
	}
	err = json.Unmarshal(resp.Value, &p)
	return p, err
}

func bump(ctx context.Context, c *aztables.Client, id string) error {
	p, err := load(ctx, c, id)
	if err != nil {
		return err
	}
	p.Visits++
	b, _ := json.Marshal(p)
	_, err = c.UpsertEntity(ctx, b, nil) // want `TL414: UpsertEntity writes back an entity read by GetEntity`
	return err
}

// Silent: a new entity, never read.
func create(ctx context.Context, r *Repo, id string) error {
	return r.Put(ctx, &Profile{PartitionKey: "profiles", RowKey: id})
}

// Silent: the write is conditional on the read's ETag.
func (r *Repo) PutIf(ctx context.Context, p *Profile, etag azcore.ETag) error {
	b, _ := json.Marshal(p)
	_, err := r.c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &etag})
	return err
}

func visitIf(ctx context.Context, r *Repo, id string) error {
	p, err := r.Get(ctx, id)
	if err != nil {
		return err
	}
	p.Visits++
	return r.PutIf(ctx, p, "etag")
}

// A user-defined interface the client satisfies: read and write through it.
type table interface {
	GetEntity(ctx context.Context, pk, rk string, o *aztables.GetEntityOptions) (aztables.GetEntityResponse, error)
	UpdateEntity(ctx context.Context, e []byte, o *aztables.UpdateEntityOptions) (aztables.UpdateEntityResponse, error)
}

func retitle(ctx context.Context, t table, id, name string) error {
	resp, err := t.GetEntity(ctx, "profiles", id, nil)
	if err != nil {
		return err
	}
	var m map[string]any
	_ = json.Unmarshal(resp.Value, &m)
	m["Name"] = name
	b, _ := json.Marshal(m)
	_, err = t.UpdateEntity(ctx, b, nil) // want `TL414: UpdateEntity writes back an entity read by GetEntity`
	return err
}

// Silent: the same with the read's ETag.
func retitleIf(ctx context.Context, t table, id, name string) error {
	resp, err := t.GetEntity(ctx, "profiles", id, nil)
	if err != nil {
		return err
	}
	var m map[string]any
	_ = json.Unmarshal(resp.Value, &m)
	m["Name"] = name
	b, _ := json.Marshal(m)
	_, err = t.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag})
	return err
}
