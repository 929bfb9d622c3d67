// Package judge stores the metadata of code submissions of an online
// judge in the legacy Table API, keyed by the submission's UUID.
package judge

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"

	"github.com/Azure/azure-sdk-for-go/storage"
	"github.com/google/uuid"
)

const fetchTimeout = 30

// Submission is what a client posts.
type Submission struct {
	SourceCode   string `json:"source_code"`
	LanguageID   int    `json:"language_id"`
	QuestionID   int    `json:"question_id"`
	CallbackURL  string `json:"callback_url"`
	ResponseMode string `json:"response_mode"`
}

// Tables holds the table references.
type Tables struct {
	RequestMetadata *storage.Table
}

// Save stores a submission's metadata.
func (t *Tables) Save(id uuid.UUID, s Submission, body []byte) error {
	key := id.String()
	e := t.RequestMetadata.GetEntityReference(key, key)
	e.Properties = map[string]interface{}{
		"SourceCode":   string(body), // L: TL122
		"LanguageID":   strconv.Itoa(s.LanguageID),
		"QuestionID":   strconv.Itoa(s.QuestionID),
		"CallbackUrl":  s.CallbackURL,
		"ResponseMode": s.ResponseMode,
		"SubmissionID": key, // S
	}
	return e.InsertOrReplace(nil) // S
}

// Handle is the submit endpoint: the whole body is kept as the source.
func (t *Tables) Handle(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var s Submission
	if err := json.Unmarshal(body, &s); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := t.Save(uuid.New(), s, body); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// Fetch reads a submission's metadata back.
func (t *Tables) Fetch(id uuid.UUID) (map[string]interface{}, error) {
	key := id.String()
	e := t.RequestMetadata.GetEntityReference(key, key)
	if err := e.Get(fetchTimeout, storage.NoMetadata, nil); err != nil {
		return nil, err
	}
	return e.Properties, nil
}
