package relayhosta

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Hook is a handler registered for one verb of one protocol in a room.
type Hook struct {
	Room     string
	Protocol string
	Verb     string
	Signer   string
	Level    int32 // 1 = in-process, 2 = remote URL
	Endpoint string
	Spec     string
	Since    time.Time
	On       bool
}

// Hooks is the table-backed hook registry.
type Hooks struct{ tc *aztables.Client }

func hookKey(protocol, verb string) string { return safeKey(protocol + ":" + verb) }

// Register writes (or rewrites) a hook.
func (h *Hooks) Register(ctx context.Context, k *Hook) error {
	on := int64(0)
	if k.On {
		on = 1
	}
	return storeRow(ctx, h.tc, map[string]any{
		"PartitionKey": safeKey(k.Room),
		"RowKey":       hookKey(k.Protocol, k.Verb),
		"Room":         k.Room,
		"Protocol":     k.Protocol,
		"Verb":         k.Verb,
		"Signer":       k.Signer,
		"Level":        int64(k.Level), // S
		"Endpoint":     k.Endpoint,
		"Spec":         k.Spec,
		"SinceNs":      k.Since.UnixNano(), // L: TL125
		"On":           on,
	})
}

// InRoom lists a room's hooks.
func (h *Hooks) InRoom(ctx context.Context, room string) ([]Hook, error) {
	flt := fmt.Sprintf("PartitionKey eq '%s'", safeKey(room)) // S
	return h.collect(ctx, flt)
}

func (h *Hooks) collect(ctx context.Context, flt string) ([]Hook, error) {
	pager := h.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &flt})
	var out []Hook
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			row := map[string]any{}
			if json.Unmarshal(raw, &row) != nil {
				continue
			}
			out = append(out, Hook{
				Room: asText(row, "Room"), Protocol: asText(row, "Protocol"), Verb: asText(row, "Verb"),
				Signer: asText(row, "Signer"), Level: int32(asInt(row["Level"])), Endpoint: asText(row, "Endpoint"),
				Spec: asText(row, "Spec"), Since: time.Unix(0, asInt(row["SinceNs"])), On: asInt(row["On"]) != 0,
			})
		}
	}
	return out, nil
}

// Toggle switches a hook on or off: read, change, write back.
func (h *Hooks) Toggle(ctx context.Context, room, protocol, verb string, on bool) error {
	row, err := fetchRow(ctx, h.tc, safeKey(room), hookKey(protocol, verb))
	if err != nil {
		return err
	}
	if row == nil {
		return fmt.Errorf("relay: no hook %s/%s/%s", room, protocol, verb)
	}
	row["On"] = map[bool]int64{false: 0, true: 1}[on]
	return storeRow(ctx, h.tc, row) // L: TL414
}

// Unregister drops a hook.
func (h *Hooks) Unregister(ctx context.Context, room, protocol, verb string) error {
	return removeRow(ctx, h.tc, safeKey(room), hookKey(protocol, verb))
}

// The HTTP side (added): an admin listing by a room from the query string,
// and two deletes by path values, one unchecked and one checked.

var hookPart = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,64}$`)

func (h *Hooks) ServeList(w http.ResponseWriter, r *http.Request) {
	room := r.URL.Query().Get("room")
	hooks, err := h.collect(r.Context(), "PartitionKey eq '"+room+"'") // L: TL321
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(hooks)
}

func (h *Hooks) ServeDrop(w http.ResponseWriter, r *http.Request) {
	_, err := h.tc.DeleteEntity(r.Context(), r.PathValue("room"), r.PathValue("hook"), nil) // L: TL201
	if err != nil && !isMissing(err) {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *Hooks) ServeDropChecked(w http.ResponseWriter, r *http.Request) {
	room, hook := r.PathValue("room"), r.PathValue("hook")
	if !hookPart.MatchString(room) || !hookPart.MatchString(hook) {
		http.Error(w, "bad name", http.StatusBadRequest)
		return
	}
	if _, err := h.tc.DeleteEntity(r.Context(), room, hook, nil); err != nil && !isMissing(err) { // S
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Shares queues key shares for members who have not joined yet.
type Shares struct{ tc *aztables.Client }

// Park stores one pending share under a zero-padded member number.
func (s *Shares) Park(ctx context.Context, room string, member uint32, share []byte) error {
	row := map[string]any{
		"PartitionKey": safeKey(room),
		"RowKey":       fmt.Sprintf("%010d", member), // S
		"Room":         room,
		"Member":       int64(member),
	}
	putPieces(row, "Share", share)
	return storeRow(ctx, s.tc, row)
}

// Claim takes the first pending share of a room and deletes it.
func (s *Shares) Claim(ctx context.Context, room string) (uint32, []byte, error) {
	pk := safeKey(room)
	one := int32(1)
	pager := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: textPtr("PartitionKey eq '" + pk + "'"), // S
		Top:    &one,
	})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return 0, nil, err
		}
		for _, raw := range page.Entities {
			row := map[string]any{}
			if err := json.Unmarshal(raw, &row); err != nil {
				return 0, nil, err
			}
			if err := removeRow(ctx, s.tc, pk, asText(row, "RowKey")); err != nil {
				return 0, nil, err
			}
			return uint32(asInt(row["Member"])), takePieces(row, "Share"), nil
		}
	}
	return 0, nil, nil
}
