package relayhosta

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Room is the relay's own membership of one room.
type Room struct {
	ID       string
	Role     string
	JoinedNs int64 // given by the caller
	Quorum   int
	Note     string
}

// Rooms keeps memberships and posts, optionally inside a tenant space.
type Rooms struct {
	members *aztables.Client
	posts   *aztables.Client
	space   string
}

func (r *Rooms) key(id string) string {
	if r.space == "" {
		return safeKey(id)
	}
	return safeKey(r.space + "|" + id)
}

// spaceRange limits a scan to the tenant's partitions: every partition of
// the space starts with the escaped "space|", so the range runs from that
// prefix to the prefix with its last character raised by one.
func (r *Rooms) spaceRange() string {
	if r.space == "" {
		return ""
	}
	lo := safeKey(r.space + "|")
	hi := lo[:len(lo)-1] + string(lo[len(lo)-1]+1)
	return fmt.Sprintf("PartitionKey ge '%s' and PartitionKey lt '%s'", lo, hi)
}

// Join writes (or rewrites) the membership row of a room.
func (r *Rooms) Join(m Room) error {
	if m.Quorum == 0 {
		m.Quorum = 1
	}
	return storeRow(context.Background(), r.members, map[string]any{
		"PartitionKey": r.key(m.ID),
		"RowKey":       "member",
		"Room":         m.ID,
		"Role":         m.Role,
		"JoinedNs":     m.JoinedNs, // S
		"Quorum":       int64(m.Quorum),
		"Note":         m.Note,
	})
}

// Member reads one membership.
func (r *Rooms) Member(id string) (*Room, error) {
	row, err := fetchRow(context.Background(), r.members, r.key(id), "member")
	if err != nil || row == nil {
		return nil, err
	}
	return &Room{ID: asText(row, "Room"), Role: asText(row, "Role"), JoinedNs: asInt(row["JoinedNs"]),
		Quorum: int(asInt(row["Quorum"])), Note: asText(row, "Note")}, nil
}

// SetRole changes the role: the membership is read through Member and
// written again whole through Join.
func (r *Rooms) SetRole(id, role string) error {
	m, err := r.Member(id)
	if err != nil {
		return err
	}
	if m == nil {
		return fmt.Errorf("relay: not a member of %s", id)
	}
	m.Role = role
	return r.Join(*m) // L: TL414
}

// Memberships lists the memberships of the space (all of them without one),
// sorted by join time in memory.
func (r *Rooms) Memberships(ctx context.Context) ([]Room, error) {
	opts := &aztables.ListEntitiesOptions{}
	if f := r.spaceRange(); f != "" {
		opts.Filter = textPtr(f)
	}
	pager := r.members.NewListEntitiesPager(opts) // L: TL301
	var out []Room
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			row := map[string]any{}
			if err := json.Unmarshal(raw, &row); err != nil {
				return nil, err
			}
			out = append(out, Room{ID: asText(row, "Room"), Role: asText(row, "Role"), JoinedNs: asInt(row["JoinedNs"])})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].JoinedNs < out[j].JoinedNs })
	return out, nil
}

// byPostID is the filter for a post whose room is not known.
func (r *Rooms) byPostID(id string) string {
	f := fmt.Sprintf("RowKey eq '%s'", safeKey(id))
	if s := r.spaceRange(); s != "" {
		f = s + " and " + f
	}
	return f
}

// HasPost tells whether any room holds the post.
func (r *Rooms) HasPost(ctx context.Context, id string) (bool, error) {
	pager := r.posts.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: textPtr(r.byPostID(id)), // L: TL301
	})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return false, err
		}
		if len(page.Entities) > 0 {
			return true, nil
		}
	}
	return false, nil
}

// Post returns the post's body, whatever room holds it.
func (r *Rooms) Post(ctx context.Context, id string) (string, error) {
	pager := r.posts.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: textPtr(r.byPostID(id)), // L: TL301
	})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return "", err
		}
		for _, raw := range page.Entities {
			var row struct{ Body string }
			if err := json.Unmarshal(raw, &row); err != nil {
				return "", err
			}
			return row.Body, nil
		}
	}
	return "", nil
}

// PostByPrefix resolves an abbreviated post id by reading every post of the
// space and comparing in memory.
func (r *Rooms) PostByPrefix(ctx context.Context, prefix string) (string, error) {
	var opts *aztables.ListEntitiesOptions
	if s := r.spaceRange(); s != "" {
		opts = &aztables.ListEntitiesOptions{Filter: &s}
	}
	pager := r.posts.NewListEntitiesPager(opts) // L: TL301
	found := ""
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return "", err
		}
		for _, raw := range page.Entities {
			var row struct{ PostID string }
			if json.Unmarshal(raw, &row) != nil || !strings.HasPrefix(row.PostID, prefix) {
				continue
			}
			if found != "" {
				return "", fmt.Errorf("relay: %s is ambiguous", prefix)
			}
			found = row.PostID
		}
	}
	return found, nil
}

// Rename moves a room's membership and posts to a new id: each row is
// copied under the new partition, then the old row is deleted.
func (r *Rooms) Rename(ctx context.Context, from, to string) error {
	row, err := fetchRow(ctx, r.members, r.key(from), "member")
	if err != nil {
		return err
	}
	if row != nil {
		row["PartitionKey"] = r.key(to)
		row["Room"] = to
		if err := storeRow(ctx, r.members, row); err != nil { // S
			return err
		}
		if err := removeRow(ctx, r.members, r.key(from), "member"); err != nil {
			return err
		}
	}
	pager := r.posts.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: textPtr(fmt.Sprintf("PartitionKey eq '%s'", r.key(from))), // S
	})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			post := map[string]any{}
			if err := json.Unmarshal(raw, &post); err != nil {
				return err
			}
			id := asText(post, "RowKey")
			post["PartitionKey"] = r.key(to)
			post["Room"] = to
			if err := storeRow(ctx, r.posts, post); err != nil {
				return err
			}
			if err := removeRow(ctx, r.posts, r.key(from), id); err != nil { // S
				return err
			}
		}
	}
	return nil
}
