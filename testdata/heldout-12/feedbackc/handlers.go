package feedbackc

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

// Audience reads the Octopus server out of a verified bearer token.
var Audience func(token string) (string, error)

func hashed(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// CreateHandler answers POST /api/feedback.
func CreateHandler(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	var in Feedback
	if err := json.Unmarshal(body, &in); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	aud, _ := Audience(strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
	fb := Feedback{
		ID:       uuid.New().String(),
		Created:  time.Now(),
		Server:   hashed(aud), // only a hash: the domain is not kept
		Prompt:   in.Prompt,
		Comment:  in.Comment,
		ThumbsUp: in.ThumbsUp,
	}
	if err := record(r.Context(), fb); err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
	_ = json.NewEncoder(w).Encode(fb)
}

// Answers GET /api/feedback (ListHandler).
func ListHandler(w http.ResponseWriter, r *http.Request) {
	all, err := everything(r.Context())
	if err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	_ = json.NewEncoder(w).Encode(all)
}

// ItemHandler answers GET /api/feedback/{id}.
func ItemHandler(w http.ResponseWriter, r *http.Request) {
	fb, found, err := one(r.Context(), r.PathValue("id"))
	if err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	if !found {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	_ = json.NewEncoder(w).Encode(fb)
}

// (added) ScoreHandler counts the thumbs-up one server's users gave.
func ScoreHandler(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	client, err := feedbackClient(ctx)
	if err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	owner := hashed(r.URL.Query().Get("server"))
	filter := "PartitionKey eq '" + owner + "' and ThumbsUp eq true" // S
	pager := client.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &filter, // L: TL303
	})
	count := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			http.Error(w, "failed", http.StatusInternalServerError)
			return
		}
		count += len(page.Entities)
	}
	_ = json.NewEncoder(w).Encode(map[string]int{"thumbsUp": count})
}
