package gamenightb

import (
	"encoding/json"
	"net/http"
)

// api serves the club's routes; the caller's name comes from the
// authentication middleware in a header.
type api struct {
	db *clubDB
}

func (a *api) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /invites/{invite}", a.getInvite)
	mux.HandleFunc("GET /users/{user}/invites", a.userInvites)
	mux.HandleFunc("GET /groups/{group}/invites", a.groupInvites)
	mux.HandleFunc("POST /invites", a.sendInvite)
	mux.HandleFunc("POST /invites/{invite}/accept", a.answer("accepted", true))
	mux.HandleFunc("POST /invites/{invite}/decline", a.answer("declined", false))
	mux.HandleFunc("POST /invites/{invite}/withdraw", a.withdraw)
	mux.HandleFunc("GET /groups/{group}/games/{game}/board", a.board)
	mux.HandleFunc("GET /groups/{group}/games/{game}/count", a.playedCount)
	mux.HandleFunc("GET /groups/{group}/played", a.groupPlayed)
	mux.HandleFunc("GET /groups/{group}/members", a.groupMembers)
	mux.HandleFunc("PUT /players/{user}", a.editProfile)
}

func caller(r *http.Request) string { return r.Header.Get("X-Club-User") }

func reply(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func (a *api) getInvite(w http.ResponseWriter, r *http.Request) {
	in, err := a.db.inviteByID(r.Context(), r.PathValue("invite"))
	if err != nil || in == nil {
		http.NotFound(w, r)
		return
	}
	if in.Inviter != caller(r) {
		http.Error(w, "not yours", http.StatusUnauthorized)
		return
	}
	reply(w, http.StatusOK, in)
}

func (a *api) userInvites(w http.ResponseWriter, r *http.Request) {
	user := r.PathValue("user")
	if user != caller(r) {
		http.Error(w, "not yours", http.StatusUnauthorized)
		return
	}
	list, err := a.db.invitesFor(r.Context(), user)
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	reply(w, http.StatusOK, list)
}

func (a *api) groupInvites(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	g, err := a.db.groupByID(ctx, r.PathValue("group"))
	if err != nil || g == nil {
		http.Error(w, "no such group", http.StatusForbidden)
		return
	}
	if ok, _ := a.db.isMember(ctx, g.ID, caller(r)); !ok {
		http.Error(w, "not a member", http.StatusForbidden)
		return
	}
	var list []invite
	if r.URL.Query().Get("pending") == "1" {
		list, err = a.db.pendingInGroup(ctx, g.ID)
	} else {
		list, err = a.db.invitesOfGroup(ctx, g.ID)
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	reply(w, http.StatusOK, list)
}

// sendInvite takes the group id from the body; the group is looked up,
// but nothing tests the id's characters before it becomes a key.
func (a *api) sendInvite(w http.ResponseWriter, r *http.Request) {
	var in invite
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	if in.Inviter != caller(r) {
		http.Error(w, "inviter must be the caller", http.StatusForbidden)
		return
	}
	g, err := a.db.groupByID(ctx, in.GroupID)
	if err != nil || g == nil {
		http.Error(w, "no such group", http.StatusBadRequest)
		return
	}
	if ok, _ := a.db.isMember(ctx, in.GroupID, in.Inviter); !ok {
		http.Error(w, "inviter is not a member", http.StatusForbidden)
		return
	}
	if ok, _ := a.db.isMember(ctx, in.GroupID, in.Invitee); ok {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err := a.db.addInvite(ctx, &in); err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	reply(w, http.StatusCreated, in)
}

// answer accepts or declines: read the invitation, change its state,
// write it back, and on acceptance add the membership.
func (a *api) answer(state string, join bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		in, err := a.db.inviteByID(ctx, r.PathValue("invite"))
		if err != nil || in == nil {
			http.Error(w, "no such invitation", http.StatusForbidden)
			return
		}
		if in.Invitee != caller(r) {
			http.Error(w, "not yours", http.StatusForbidden)
			return
		}
		if ok, _ := a.db.isMember(ctx, in.GroupID, in.Invitee); ok {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		in.State = state
		if err := a.db.saveInvite(ctx, in); err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		if join {
			if err := a.db.addMember(ctx, in); err != nil {
				http.Error(w, err.Error(), http.StatusServiceUnavailable)
				return
			}
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

func (a *api) withdraw(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	in, err := a.db.inviteByID(ctx, r.PathValue("invite"))
	if err != nil || in == nil {
		http.NotFound(w, r)
		return
	}
	if in.Inviter != caller(r) || in.State != "sent" {
		http.Error(w, "cannot withdraw", http.StatusConflict)
		return
	}
	if err := a.db.withdrawInvite(ctx, in); err != nil {
		http.Error(w, err.Error(), http.StatusPreconditionFailed)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
