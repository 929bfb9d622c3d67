package relayhosta

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Invite lets holders of a code join one room.
type Invite struct {
	Code      string
	Room      string
	By        string
	CreatedNs int64 // given by the caller
	Revoked   bool
	MaxUses   int
	Uses      int
}

// Invites is keyed by the code (partition) and the room (row).
type Invites struct{ tc *aztables.Client }

func inviteOf(row map[string]any) *Invite {
	return &Invite{
		Code: asText(row, "Code"), Room: asText(row, "Room"), By: asText(row, "By"),
		CreatedNs: asInt(row["CreatedNs"]), Revoked: asInt(row["Revoked"]) != 0,
		MaxUses: int(asInt(row["MaxUses"])), Uses: int(asInt(row["Uses"])),
	}
}

// Save writes an invite whole.
func (v *Invites) Save(inv Invite) error {
	revoked := int64(0)
	if inv.Revoked {
		revoked = 1
	}
	return storeRow(context.Background(), v.tc, map[string]any{
		"PartitionKey": safeKey(inv.Code),
		"RowKey":       safeKey(inv.Room),
		"Code":         inv.Code,
		"Room":         inv.Room,
		"By":           inv.By,
		"CreatedNs":    inv.CreatedNs, // S
		"Revoked":      revoked,
		"MaxUses":      int64(inv.MaxUses),
		"Uses":         int64(inv.Uses),
	})
}

// Find returns the first invite filed under the code.
func (v *Invites) Find(code string) (*Invite, error) {
	flt := fmt.Sprintf("PartitionKey eq '%s'", safeKey(code))
	pager := v.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &flt}) // S
	ctx := context.Background()
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
			return inviteOf(row), nil
		}
	}
	return nil, nil
}

// Revoke marks an invite revoked: found through Find, saved again whole.
func (v *Invites) Revoke(code string) error {
	inv, err := v.Find(code)
	if err != nil {
		return err
	}
	if inv == nil {
		return fmt.Errorf("relay: no invite %s", code)
	}
	inv.Revoked = true
	return v.Save(*inv) // L: TL414
}

// ForRoom lists a room's invites by reading every invite.
func (v *Invites) ForRoom(ctx context.Context, room string) ([]Invite, error) {
	pager := v.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{}) // L: TL301
	var out []Invite
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
			if inv := inviteOf(row); inv.Room == room {
				out = append(out, *inv)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].CreatedNs < out[j].CreatedNs })
	return out, nil
}

// Use counts one use of an invite (added): read, add one, merge back with
// no condition.
func (v *Invites) Use(ctx context.Context, code, room string) error {
	got, err := v.tc.GetEntity(ctx, safeKey(code), safeKey(room), nil)
	if err != nil {
		return err
	}
	row := map[string]any{}
	if err := json.Unmarshal(got.Value, &row); err != nil {
		return err
	}
	if max := asInt(row["MaxUses"]); max > 0 && asInt(row["Uses"]) >= max {
		return fmt.Errorf("relay: invite %s used up", code)
	}
	body, _ := json.Marshal(map[string]any{
		"PartitionKey": row["PartitionKey"],
		"RowKey":       row["RowKey"],
		"Uses":         asInt(row["Uses"]) + 1,
	})
	_, err = v.tc.UpdateEntity(ctx, body, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // L: TL414
	return err
}

// UseOnce is Use's conditional twin (added): the merge carries the read's
// ETag and a lost race is returned to the caller.
func (v *Invites) UseOnce(ctx context.Context, code, room string) error {
	got, err := v.tc.GetEntity(ctx, safeKey(code), safeKey(room), nil)
	if err != nil {
		return err
	}
	row := map[string]any{}
	if err := json.Unmarshal(got.Value, &row); err != nil {
		return err
	}
	if max := asInt(row["MaxUses"]); max > 0 && asInt(row["Uses"]) >= max {
		return fmt.Errorf("relay: invite %s used up", code)
	}
	body, _ := json.Marshal(map[string]any{
		"PartitionKey": row["PartitionKey"],
		"RowKey":       row["RowKey"],
		"Uses":         asInt(row["Uses"]) + 1,
	})
	tag := got.ETag
	_, err = v.tc.UpdateEntity(ctx, body, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge, IfMatch: &tag}) // S
	return err
}
