package tablekit

import (
	"context"
	"io"
	"net/http"
)

// profileTable holds user profiles keyed by team and user.
const profileTable = "profiles"

// ByEmail finds profiles by their email address (a non-key property).
func ByEmail(ctx context.Context, email string) (int, error) {
	rows, err := Where(ctx, profileTable, "Email eq '"+email+"'") // L: TL301 TL321
	return len(rows), err
}

// SaveBio stores the posted text as the user's biography (added: the body
// read whole, no limit).
func SaveBio(w http.ResponseWriter, r *http.Request) {
	text, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "read failed", http.StatusBadRequest)
		return
	}
	props := map[string]any{"Bio": string(text)} // L: TL122
	if err := Put(r.Context(), profileTable, r.Header.Get("X-Team"), r.FormValue("user"), props); err != nil {
		http.Error(w, "save failed", http.StatusInternalServerError)
	}
}

// Rename changes a display name through Patch (added).
func Rename(ctx context.Context, team, user, name string) error {
	return Patch(ctx, profileTable, team, user, func(p map[string]any) { p["Name"] = name })
}

// Visit counts a visit under the read's ETag through PatchIf (added).
func Visit(ctx context.Context, team, user string) error {
	return PatchIf(ctx, profileTable, team, user, func(p map[string]any) {
		n, _ := p["Visits"].(float64)
		p["Visits"] = n + 1
	})
}
