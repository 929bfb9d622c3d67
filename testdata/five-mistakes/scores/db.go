// Package scores is the storage of a board-game score keeper: one table
// per kind of record, read through one generic listing helper that takes
// the options its callers build.
package scores

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Game, Group and Invitation are the records.
type (
	Game       struct{ ID, Name string }
	Group      struct{ ID, Name, Owner string }
	Invitation struct{ ID, Group, User string }
)

// DB is the storage.
type DB struct{ svc *aztables.ServiceClient }

func list[T any](ctx context.Context, svc *aztables.ServiceClient, table string, conv func(*aztables.EDMEntity) T, opts *aztables.ListEntitiesOptions) []T {
	var out []T
	p := svc.NewClient(table).NewListEntitiesPager(opts)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			log.Println(err)
			return out
		}
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if err := json.Unmarshal(raw, &e); err == nil {
				out = append(out, conv(&e))
			}
		}
	}
	return out
}

func entities(ctx context.Context, c *aztables.Client, opts *aztables.ListEntitiesOptions) []aztables.EDMEntity {
	var out []aztables.EDMEntity
	p := c.NewListEntitiesPager(opts)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return out
		}
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if json.Unmarshal(raw, &e) == nil {
				out = append(out, e)
			}
		}
	}
	return out
}

func toGame(e *aztables.EDMEntity) Game {
	n, _ := e.Properties["Name"].(string)
	return Game{ID: e.RowKey, Name: n}
}

func toGroup(e *aztables.EDMEntity) Group {
	n, _ := e.Properties["Name"].(string)
	return Group{ID: e.RowKey, Name: n, Owner: e.PartitionKey}
}

func toInvitation(e *aztables.EDMEntity) Invitation {
	u, _ := e.Properties["User"].(string)
	return Invitation{ID: e.RowKey, Group: e.PartitionKey, User: u}
}

// Games lists every game.
func (d *DB) Games(ctx context.Context) []Game {
	return list(ctx, d.svc, "Games", toGame, nil) // L: TL301
}

// PublicGroups lists the groups that are not global.
func (d *DB) PublicGroups(ctx context.Context) []Group {
	return list(ctx, d.svc, "Groups", toGroup, &aztables.ListEntitiesOptions{ // L: TL301
		Filter: to.Ptr("Visibility ne 'global'"),
	})
}

// OwnedGroups lists the groups a user created: the owner is the partition.
func (d *DB) OwnedGroups(ctx context.Context, owner string) []Group {
	return list(ctx, d.svc, "Groups", toGroup, &aztables.ListEntitiesOptions{ // S
		Filter: to.Ptr(fmt.Sprintf("PartitionKey eq '%s'", escape(owner))), // S
	})
}

// InvitationsFor lists a user's invitations, in every group's partition.
func (d *DB) InvitationsFor(ctx context.Context, user string) []Invitation {
	return list(ctx, d.svc, "Invitations", toInvitation, &aztables.ListEntitiesOptions{ // L: TL301
		Filter: to.Ptr(fmt.Sprintf("User eq '%s'", user)), // L: TL321
	})
}

// FindGame looks a game up by its RowKey alone.
func (d *DB) FindGame(ctx context.Context, id string) *aztables.EDMEntity {
	es := entities(ctx, d.svc.NewClient("Games"), &aztables.ListEntitiesOptions{ // L: TL301
		Filter: to.Ptr(fmt.Sprintf("RowKey eq '%s'", id)), // L: TL321
	})
	if len(es) == 1 {
		return &es[0]
	}
	return nil
}

// FindGroupByName looks a group up by name.
func (d *DB) FindGroupByName(ctx context.Context, name string) *aztables.EDMEntity {
	es := entities(ctx, d.svc.NewClient("Groups"), &aztables.ListEntitiesOptions{ // L: TL301
		Filter: to.Ptr(fmt.Sprintf("Name eq '%s'", name)), // L: TL321
	})
	if len(es) == 1 {
		return &es[0]
	}
	return nil
}

func escape(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		out = append(out, r)
		if r == '\'' {
			out = append(out, r)
		}
	}
	return string(out)
}
