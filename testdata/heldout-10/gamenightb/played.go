package gamenightb

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// A played game is filed under the game's id (its PartitionKey); the
// group it was played in is a property, and the scores are a JSON string.
type seat struct {
	Username string `json:"username"`
	Points   int    `json:"points"`
}

type played struct {
	ID      string
	GameID  string
	GroupID string
	Seats   []seat
}

func toPlayed(e *aztables.EDMEntity) played {
	p := played{ID: e.RowKey, GameID: e.PartitionKey, GroupID: str(e, "GroupID")}
	_ = json.Unmarshal([]byte(str(e, "Seats")), &p.Seats)
	return p
}

func toPlayedList(rows []aztables.EDMEntity) []played {
	out := make([]played, 0, len(rows))
	for i := range rows {
		out = append(out, toPlayed(&rows[i]))
	}
	return out
}

func (db *clubDB) membersOfGroup(ctx context.Context, groupID string) ([]string, error) {
	rows, err := drain(ctx, db.svc.NewClient(memberTable), &aztables.ListEntitiesOptions{
		Filter: to.Ptr(fmt.Sprintf("GroupID eq '%s'", groupID)), // L: TL301 TL321
	})
	names := make([]string, 0, len(rows))
	for i := range rows {
		names = append(names, str(&rows[i], "Username"))
	}
	return names, err
}

func (db *clubDB) playedInGroup(ctx context.Context, groupID string) ([]played, error) {
	rows, err := drain(ctx, db.svc.NewClient(playedTable), &aztables.ListEntitiesOptions{
		Filter: to.Ptr(fmt.Sprintf("GroupID eq '%s'", groupID)), // L: TL301 TL321
	})
	return toPlayedList(rows), err
}

// playedOf filters on two properties; the game id, which is the
// PartitionKey, is asked for as the GameID property.
func (db *clubDB) playedOf(ctx context.Context, groupID, gameID string) ([]played, error) {
	f := "GroupID eq '" + groupID + "'"    // L: TL321
	f += " and GameID eq '" + gameID + "'" // L: TL321
	rows, err := drain(ctx, db.svc.NewClient(playedTable), &aztables.ListEntitiesOptions{
		Filter: &f, // L: TL301
	})
	return toPlayedList(rows), err
}

// playedInGame (added) is the twin: the game's partition, values escaped.
func (db *clubDB) playedInGame(ctx context.Context, groupID, gameID string) ([]played, error) {
	f := "PartitionKey eq '" + lit(gameID) + "'"  // S
	f += " and GroupID eq '" + lit(groupID) + "'" // S
	rows, err := drain(ctx, db.svc.NewClient(playedTable), &aztables.ListEntitiesOptions{
		Filter: &f, // L: TL303
	})
	return toPlayedList(rows), err
}

type rank struct {
	Username string `json:"username"`
	Points   int    `json:"points"`
	Games    int    `json:"games"`
}

func tally(list []played) []rank {
	byUser := map[string]*rank{}
	for _, p := range list {
		for _, s := range p.Seats {
			r := byUser[s.Username]
			if r == nil {
				r = &rank{Username: s.Username}
				byUser[s.Username] = r
			}
			r.Points += s.Points
			r.Games++
		}
	}
	out := make([]rank, 0, len(byUser))
	for _, r := range byUser {
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Points > out[j].Points })
	return out
}

func (a *api) board(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	g, err := a.db.groupByID(ctx, r.PathValue("group"))
	if err != nil || g == nil {
		http.NotFound(w, r)
		return
	}
	if ok, _ := a.db.isMember(ctx, g.ID, caller(r)); !ok {
		http.Error(w, "not a member", http.StatusUnauthorized)
		return
	}
	list, err := a.db.playedOf(ctx, g.ID, r.PathValue("game"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	reply(w, http.StatusOK, map[string]any{"groupId": g.ID, "played": len(list), "board": tally(list)})
}

func (a *api) playedCount(w http.ResponseWriter, r *http.Request) {
	list, err := a.db.playedInGame(r.Context(), r.PathValue("group"), r.PathValue("game"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	reply(w, http.StatusOK, map[string]int{"played": len(list)})
}

func (a *api) groupPlayed(w http.ResponseWriter, r *http.Request) {
	list, err := a.db.playedInGroup(r.Context(), r.PathValue("group"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	reply(w, http.StatusOK, list)
}

func (a *api) groupMembers(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	g, err := a.db.groupByID(ctx, r.PathValue("group"))
	if err != nil || g == nil {
		http.NotFound(w, r)
		return
	}
	names, err := a.db.membersOfGroup(ctx, g.ID)
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	reply(w, http.StatusOK, names)
}

// profile is what a player may change about themselves.
type profile struct {
	ID          string `json:"id"`
	Username    string `json:"username"`
	DisplayName string `json:"displayName"`
	Picture     string `json:"picture"`
}

func (a *api) editProfile(w http.ResponseWriter, r *http.Request) {
	var p profile
	if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if p.DisplayName == "" || len(p.DisplayName) > 64 || len(p.Picture) > 2048 {
		http.Error(w, "bad profile", http.StatusBadRequest)
		return
	}
	if r.PathValue("user") != p.Username || caller(r) != p.Username {
		http.Error(w, "not yours", http.StatusForbidden)
		return
	}
	if err := a.db.saveProfile(r.Context(), &p); err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// saveProfile merges the two fields into the player's row (nil options:
// a merge that matches any version); the row id is the body's.
func (db *clubDB) saveProfile(ctx context.Context, p *profile) error {
	row := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: "Players",
			RowKey:       p.ID, // L: TL201
		},
		Properties: map[string]any{
			"DisplayName": p.DisplayName,
			"Picture":     p.Picture, // S
		},
	}
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = db.svc.NewClient(playerTable).UpdateEntity(ctx, body, nil) // S
	return err
}
