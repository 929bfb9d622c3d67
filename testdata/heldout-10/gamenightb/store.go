// Package gamenightb keeps a board-game club's groups, invitations,
// memberships and played games in Azure Tables behind a small HTTP API.
package gamenightb

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const (
	groupTable  = "ClubGroups"
	inviteTable = "ClubInvites"
	memberTable = "ClubMembers"
	playedTable = "ClubPlayed"
	playerTable = "ClubPlayers"
)

// clubDB holds the one service client; every method opens the table it needs.
type clubDB struct {
	svc *aztables.ServiceClient
}

func openClubDB(conn string) (*clubDB, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil)
	if err != nil {
		return nil, err
	}
	return &clubDB{svc: svc}, nil
}

// drain makes sure the table is there, then reads every page of the query.
func drain(ctx context.Context, tc *aztables.Client, opts *aztables.ListEntitiesOptions) ([]aztables.EDMEntity, error) {
	_, _ = tc.CreateTable(ctx, nil)

	var rows []aztables.EDMEntity
	pager := tc.NewListEntitiesPager(opts)
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return rows, err
		}
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if err := json.Unmarshal(raw, &e); err != nil {
				return rows, err
			}
			rows = append(rows, e)
		}
	}
	return rows, nil
}

// only returns the row when exactly one matched.
func only(rows []aztables.EDMEntity) *aztables.EDMEntity {
	if len(rows) != 1 {
		return nil
	}
	return &rows[0]
}

func str(e *aztables.EDMEntity, name string) string {
	s, _ := e.Properties[name].(string)
	return s
}

func unix(e *aztables.EDMEntity, name string) int64 {
	v, _ := e.Properties[name].(aztables.EDMInt64)
	return int64(v)
}

// lit doubles the quotes of a value put into a filter's string literal.
func lit(s string) string {
	return strings.ReplaceAll(s, "'", "''")
}
