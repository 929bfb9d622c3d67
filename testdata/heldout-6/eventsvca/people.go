package eventsvca

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

// The persons table: one partition, a row per e-mail address. (added)

type personIn struct {
	Email string `json:"email"`
	First string `json:"firstName"`
	Last  string `json:"lastName"`
}

// addPerson: POST /persons; the row is the address as sent. (added)
func addPerson(w http.ResponseWriter, r *http.Request) {
	var in personIn
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	b, err := json.Marshal(map[string]any{
		"PartitionKey": "person",
		"RowKey":       in.Email, // L: TL201
		"FirstName":    in.First,
		"LastName":     in.Last,
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := tableFor["persons"].AddEntity(r.Context(), b, nil); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"message": "added"})
}

// personsNamed: GET /persons?last=…, quotes doubled. (added)
func personsNamed(w http.ResponseWriter, r *http.Request) {
	last := strings.ReplaceAll(r.URL.Query().Get("last"), "'", "''")
	filter := "PartitionKey eq 'person' and LastName eq '" + last + "'" // S
	rows, err := rowsMatching(r.Context(), "persons", filter)           // L: TL303
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, rows)
}

// pastEvent is a row of the yearly archive loaded from the old system;
// unlike createEvent it is marshalled as a struct. (added)
type pastEvent struct {
	aztables.Entity
	Date        time.Time
	Venue       string
	Description string
	Host        host // L: TL126
}

// LoadArchive adds archived events, each in the partition its record
// names. (added)
func LoadArchive(ctx context.Context, records []pastEvent) error {
	c := tableFor["events"]
	for _, rec := range records {
		rec.RowKey = uuid.New().String()
		b, err := json.Marshal(rec)
		if err != nil {
			return err
		}
		if _, err := c.AddEntity(ctx, b, nil); err != nil { // S
			return err
		}
	}
	return nil
}
