package gamenightb

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

type clubGroup struct {
	ID        string `json:"id"`
	Title     string `json:"title"`
	CreatedBy string `json:"createdBy"`
}

// invite lives in the partition of its group, under a fresh UUID.
type invite struct {
	ID      string `json:"id"`
	GroupID string `json:"groupId"`
	Invitee string `json:"invitee"`
	Inviter string `json:"inviter"`
	State   string `json:"state"`
	Created int64  `json:"created"`
	etag    string
}

func toInvite(e *aztables.EDMEntity) invite {
	return invite{
		ID:      e.RowKey,
		GroupID: str(e, "GroupID"),
		Invitee: str(e, "Invitee"),
		Inviter: str(e, "Inviter"),
		State:   str(e, "State"),
		Created: unix(e, "Created"),
		etag:    e.ETag,
	}
}

func toInvites(rows []aztables.EDMEntity) []invite {
	out := make([]invite, 0, len(rows))
	for i := range rows {
		out = append(out, toInvite(&rows[i]))
	}
	return out
}

// groupByID: groups are partitioned by their creator, so the id alone
// pins no partition.
func (db *clubDB) groupByID(ctx context.Context, id string) (*clubGroup, error) {
	rows, err := drain(ctx, db.svc.NewClient(groupTable), &aztables.ListEntitiesOptions{
		Filter: to.Ptr(fmt.Sprintf("RowKey eq '%s'", id)), // L: TL301 TL321
	})
	if err != nil {
		return nil, err
	}
	e := only(rows)
	if e == nil {
		return nil, nil
	}
	return &clubGroup{ID: e.RowKey, Title: str(e, "Title"), CreatedBy: e.PartitionKey}, nil
}

func (db *clubDB) inviteByID(ctx context.Context, id string) (*invite, error) {
	rows, err := drain(ctx, db.svc.NewClient(inviteTable), &aztables.ListEntitiesOptions{
		Filter: to.Ptr(fmt.Sprintf("RowKey eq '%s'", id)), // L: TL301 TL321
	})
	if err != nil {
		return nil, err
	}
	e := only(rows)
	if e == nil {
		return nil, nil
	}
	in := toInvite(e)
	return &in, nil
}

func (db *clubDB) invitesFor(ctx context.Context, user string) ([]invite, error) {
	rows, err := drain(ctx, db.svc.NewClient(inviteTable), &aztables.ListEntitiesOptions{
		Filter: to.Ptr(fmt.Sprintf("Invitee eq '%s'", user)), // L: TL301 TL321
	})
	return toInvites(rows), err
}

// invitesOfGroup asks for the group through a property although the
// group id is the invites' PartitionKey.
func (db *clubDB) invitesOfGroup(ctx context.Context, groupID string) ([]invite, error) {
	rows, err := drain(ctx, db.svc.NewClient(inviteTable), &aztables.ListEntitiesOptions{
		Filter: to.Ptr(fmt.Sprintf("GroupID eq '%s'", groupID)), // L: TL301 TL321
	})
	return toInvites(rows), err
}

// pendingInGroup (added) is the twin: the partition pinned, the id escaped.
func (db *clubDB) pendingInGroup(ctx context.Context, groupID string) ([]invite, error) {
	rows, err := drain(ctx, db.svc.NewClient(inviteTable), &aztables.ListEntitiesOptions{
		Filter: to.Ptr("PartitionKey eq '" + lit(groupID) + "' and State eq 'sent'"), // L: TL303
	})
	return toInvites(rows), err
}

// isMember (added) looks inside the group's partition for the user.
func (db *clubDB) isMember(ctx context.Context, groupID, user string) (bool, error) {
	rows, err := drain(ctx, db.svc.NewClient(memberTable), &aztables.ListEntitiesOptions{
		Filter: to.Ptr("PartitionKey eq '" + lit(groupID) + "' and Username eq '" + lit(user) + "'"), // L: TL303
	})
	return len(rows) > 0, err
}

func (db *clubDB) addInvite(ctx context.Context, in *invite) error {
	in.ID = uuid.NewString()
	in.Created = time.Now().UTC().Unix()
	in.State = "sent"

	row := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: in.GroupID, // L: TL201
			RowKey:       in.ID,      // S
		},
		Properties: map[string]any{
			"GroupID": in.GroupID,
			"Invitee": in.Invitee,
			"Inviter": in.Inviter,
			"State":   in.State,
			"Created": aztables.EDMInt64(in.Created), // S
		},
	}
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = db.svc.NewClient(inviteTable).AddEntity(ctx, body, nil)
	return err
}

// saveInvite writes the whole invitation back, as the source's update does:
// no ETag, so another answer given meanwhile is overwritten.
func (db *clubDB) saveInvite(ctx context.Context, in *invite) error {
	row := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: in.GroupID, // S
			RowKey:       in.ID,
		},
		Properties: map[string]any{
			"GroupID":     in.GroupID,
			"Invitee":     in.Invitee,
			"Inviter":     in.Inviter,
			"State":       in.State,
			"Created":     aztables.EDMInt64(in.Created),
			"AnsweredAtM": time.Now().UnixMilli(), // L: TL125
		},
	}
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = db.svc.NewClient(inviteTable).UpdateEntity(ctx, body, nil) // L: TL414
	return err
}

// withdrawInvite (added) is the twin: merge only the state, under the
// ETag the listing returned.
func (db *clubDB) withdrawInvite(ctx context.Context, in *invite) error {
	row := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: in.GroupID, RowKey: in.ID},
		Properties: map[string]any{
			"State":       "withdrawn",
			"AnsweredAtM": aztables.EDMInt64(time.Now().UnixMilli()), // S
		},
	}
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	tag := azcore.ETag(in.etag)
	_, err = db.svc.NewClient(inviteTable).UpdateEntity(ctx, body, &aztables.UpdateEntityOptions{ // S
		IfMatch:    &tag,
		UpdateMode: aztables.UpdateModeMerge,
	})
	return err
}

// addMember files the membership under the group the invitation names.
func (db *clubDB) addMember(ctx context.Context, in *invite) error {
	row := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: in.GroupID,       // S
			RowKey:       uuid.NewString(), // S
		},
		Properties: map[string]any{
			"GroupID":  in.GroupID,
			"Username": in.Invitee,
			"InviteID": in.ID,
			"Joined":   aztables.EDMInt64(time.Now().UTC().Unix()),
		},
	}
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = db.svc.NewClient(memberTable).AddEntity(ctx, body, nil)
	return err
}
