package eventsvca

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

type host struct {
	First string `json:"firstName"`
	Last  string `json:"lastName"`
	Email string `json:"email"`
}

// eventIn is the JSON body of a new or changed event.
type eventIn struct {
	Partition   string  `json:"partitionKey"`
	Address     string  `json:"address"`
	Venue       string  `json:"venue"`
	Description string  `json:"description"`
	Money       float64 `json:"money"`
	Status      string  `json:"status"`
	Host        host    `json:"person"`
	Note        string  `json:"note"`
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// listEvents: GET /events?startDate=…&endDate=…, either bound optional.
func listEvents(w http.ResponseWriter, r *http.Request) {
	from := r.URL.Query().Get("startDate")
	until := r.URL.Query().Get("endDate")
	var filter string
	if from != "" {
		filter = "Date ge datetime'" + from + "'" // L: TL321
	}
	if until != "" {
		if filter == "" {
			filter = "Date le datetime'" + until + "'" // L: TL321
		} else {
			filter += " and Date le datetime'" + until + "'" // L: TL321
		}
	}
	rows, err := rowsMatching(r.Context(), "events", filter) // L: TL301 TL127
	if err != nil {
		http.Error(w, "list events: "+err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, rows)
}

// listChanged: GET /events/changed?since=…&before=… (both required), by
// the service's own change time.
func listChanged(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	since, before := q.Get("since"), q.Get("before")
	filter := ""
	if since != "" && before != "" {
		filter = "Timestamp ge datetime'" + since + "'" + // L: TL321
			" and Timestamp le datetime'" + before + "'" // L: TL321
	}
	rows, err := rowsMatching(r.Context(), "events", filter) // L: TL301
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, rows)
}

// getEvent: GET /events/{pk}/{rk}; both parts must be present.
func getEvent(w http.ResponseWriter, r *http.Request) {
	pk, rk := r.PathValue("pk"), r.PathValue("rk")
	if pk == "" || rk == "" {
		http.Error(w, "partition and row key are required", http.StatusBadRequest)
		return
	}
	resp, err := tableFor["events"].GetEntity(r.Context(),
		pk, // S
		rk, // S
		nil)
	if err != nil {
		http.Error(w, "get event: "+err.Error(), http.StatusInternalServerError)
		return
	}
	var ev map[string]any
	if err := json.Unmarshal(resp.Value, &ev); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, ev)
}

// createEvent: POST /events; the client names the partition, the row is a
// fresh UUID and the date is now, flattened with its host into one row.
func createEvent(w http.ResponseWriter, r *http.Request) {
	var in eventIn
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if in.Partition == "" {
		http.Error(w, "partitionKey is required", http.StatusBadRequest)
		return
	}
	row := map[string]any{
		"PartitionKey": in.Partition,        // S
		"RowKey":       uuid.New().String(), // S
		"Date":         time.Now().Format(time.RFC3339),
		"Address":      in.Address,
		"Venue":        in.Venue,
		"Description":  in.Description,
		"Money":        in.Money,
		"Status":       in.Status,
		"FirstName":    in.Host.First,
		"LastName":     in.Host.Last,
		"Email":        in.Host.Email,
		"Note":         in.Note,
	}
	b, err := json.Marshal(row)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := tableFor["events"].AddEntity(r.Context(), b, nil); err != nil {
		http.Error(w, "create event: "+err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"message": "created"})
}

// updateEvent: PUT /events/{pk}/{rk}; the stored row is read into a map,
// the body's fields are laid over it and the map is written back.
func updateEvent(w http.ResponseWriter, r *http.Request) {
	pk, rk := r.PathValue("pk"), r.PathValue("rk")
	var in eventIn
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	c := tableFor["events"]
	resp, err := c.GetEntity(r.Context(),
		pk, // L: TL201
		rk, // L: TL201
		nil)
	if err != nil {
		http.Error(w, "read event: "+err.Error(), http.StatusInternalServerError)
		return
	}
	var stored map[string]any
	if err := json.Unmarshal(resp.Value, &stored); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	stored["Date"] = time.Now().Format(time.RFC3339)
	stored["Address"] = in.Address
	stored["Venue"] = in.Venue
	stored["Description"] = in.Description
	stored["Money"] = in.Money
	stored["Status"] = in.Status
	stored["FirstName"] = in.Host.First
	stored["LastName"] = in.Host.Last
	stored["Email"] = in.Host.Email
	stored["Note"] = in.Note
	b, err := json.Marshal(stored)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := c.UpdateEntity(r.Context(), b, nil); err != nil { // L: TL414
		http.Error(w, "update event: "+err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": "updated"})
}

// replaceEvent: PUT /events; the body is the whole row, keys included, and
// is stored as sent once both keys are there.
func replaceEvent(w http.ResponseWriter, r *http.Request) {
	var doc map[string]any
	if err := json.NewDecoder(r.Body).Decode(&doc); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if pk, ok := doc["PartitionKey"].(string); !ok || pk == "" {
		http.Error(w, "PartitionKey is required", http.StatusBadRequest)
		return
	}
	if rk, ok := doc["RowKey"].(string); !ok || rk == "" {
		http.Error(w, "RowKey is required", http.StatusBadRequest)
		return
	}
	b, err := json.Marshal(doc)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := tableFor["events"].UpsertEntity(r.Context(), b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}); err != nil { // S
		http.Error(w, "replace event: "+err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": "replaced"})
}

// deleteEvent: DELETE /events/{pk}/{rk}.
func deleteEvent(w http.ResponseWriter, r *http.Request) {
	pk, rk := r.PathValue("pk"), r.PathValue("rk")
	_, err := tableFor["events"].DeleteEntity(r.Context(),
		pk, // L: TL201
		rk, // L: TL201
		nil)
	if err != nil {
		http.Error(w, "delete event: "+err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": "deleted"})
}

// Routes wires the handlers.
func Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /events", listEvents)
	mux.HandleFunc("GET /events/changed", listChanged)
	mux.HandleFunc("GET /events/{pk}/{rk}", getEvent)
	mux.HandleFunc("POST /events", createEvent)
	mux.HandleFunc("PUT /events/{pk}/{rk}", updateEvent)
	mux.HandleFunc("PUT /events", replaceEvent)
	mux.HandleFunc("DELETE /events/{pk}/{rk}", deleteEvent)
	mux.HandleFunc("POST /persons", addPerson)
	mux.HandleFunc("GET /persons", personsNamed)
}
