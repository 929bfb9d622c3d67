// Package visitcountd recreates a serverless visitor counter (an Azure
// Functions custom handler): the table client is made from an account and a
// table named in the environment with a token credential, and one counter
// row lives under a constant PartitionKey with no RowKey.
package visitcountd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"os"
	"regexp"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const tallyPartition = "1"

// tally is the counter row; the source names its label property Id.
type tally struct {
	aztables.Entity
	Id    string // S
	Count int32  // S
}

type counterApp struct {
	rows *aztables.Client
}

func openCounter(cred azcore.TokenCredential) (*counterApp, error) {
	account, ok := os.LookupEnv("COUNTER_STORAGE_ACCOUNT")
	if !ok {
		return nil, errors.New("COUNTER_STORAGE_ACCOUNT is not set")
	}
	table, ok := os.LookupEnv("COUNTER_TABLE")
	if !ok {
		return nil, errors.New("COUNTER_TABLE is not set")
	}
	endpoint := fmt.Sprintf("https://%s.table.core.windows.net/%s", account, table)
	c, err := aztables.NewClient(endpoint, cred, nil) // S
	if err != nil {
		return nil, err
	}
	return &counterApp{rows: c}, nil
}

// seed inserts the first count, as the source does once at start-up.
func (a *counterApp) seed(ctx context.Context) error {
	first := tally{
		Entity: aztables.Entity{PartitionKey: tallyPartition}, // S
		Id:     "Count",
		Count:  1,
	}
	body, err := json.Marshal(first)
	if err != nil {
		return err
	}
	_, err = a.rows.AddEntity(ctx, body, nil)
	return err
}

// greet is the handler the source registers for its counter route.
func greet(w http.ResponseWriter, r *http.Request) {
	msg := "This HTTP triggered function executed successfully.\n"
	if name := r.URL.Query().Get("name"); name != "" {
		msg = fmt.Sprintf("Hello, %s. This HTTP triggered function executed successfully.\n", name)
	}
	fmt.Fprint(w, msg)
}

// countVisit is what the route's name asks for: read the count, add one and
// write it back (added, on the source's counter row).
func (a *counterApp) countVisit(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	got, err := a.rows.GetEntity(ctx, tallyPartition, "", nil)
	if err != nil {
		http.Error(w, "counter unavailable", http.StatusBadGateway)
		return
	}
	var t tally
	if err := json.Unmarshal(got.Value, &t); err != nil {
		http.Error(w, "counter unreadable", http.StatusInternalServerError)
		return
	}
	t.Count++
	body, err := json.Marshal(t)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := a.rows.UpdateEntity(ctx, body, nil); err != nil { // L: TL414
		http.Error(w, "counter not saved", http.StatusBadGateway)
		return
	}
	fmt.Fprintf(w, "%d\n", t.Count)
}

// countVisitGuarded is its twin: the write carries the read's ETag and a lost
// race is answered 409 (added).
func (a *counterApp) countVisitGuarded(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	got, err := a.rows.GetEntity(ctx, tallyPartition, "", nil)
	if err != nil {
		http.Error(w, "counter unavailable", http.StatusBadGateway)
		return
	}
	var t tally
	if err := json.Unmarshal(got.Value, &t); err != nil {
		http.Error(w, "counter unreadable", http.StatusInternalServerError)
		return
	}
	t.Count++
	body, _ := json.Marshal(t)
	_, err = a.rows.UpdateEntity(ctx, body, &aztables.UpdateEntityOptions{IfMatch: &got.ETag}) // S
	var re *azcore.ResponseError
	if errors.As(err, &re) && re.StatusCode == http.StatusPreconditionFailed {
		http.Error(w, "counter changed, try again", http.StatusConflict)
		return
	}
	if err != nil {
		http.Error(w, "counter not saved", http.StatusBadGateway)
		return
	}
	fmt.Fprintf(w, "%d\n", t.Count)
}

// remember keeps a row per greeted name, keyed by the name the query string
// gives (added, from the source's greeting).
func (a *counterApp) remember(w http.ResponseWriter, r *http.Request) {
	who := r.URL.Query().Get("name")
	if who == "" {
		http.Error(w, "name required", http.StatusBadRequest)
		return
	}
	row := tally{
		Entity: aztables.Entity{
			PartitionKey: "visitor", // S
			RowKey:       who,       // L: TL201
		},
		Id:    "Visitor",
		Count: 1,
	}
	body, _ := json.Marshal(row)
	if _, err := a.rows.UpsertEntity(r.Context(), body, nil); err != nil {
		http.Error(w, "not saved", http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

var visitorName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9 _-]{0,63}$`)

// rememberChecked is its twin with the name checked first (added).
func (a *counterApp) rememberChecked(w http.ResponseWriter, r *http.Request) {
	who := r.URL.Query().Get("name")
	if !visitorName.MatchString(who) {
		http.Error(w, "bad name", http.StatusBadRequest)
		return
	}
	row := tally{
		Entity: aztables.Entity{
			PartitionKey: "visitor", // S
			RowKey:       who,       // S
		},
		Id:    "Visitor",
		Count: 1,
	}
	body, _ := json.Marshal(row)
	if _, err := a.rows.UpsertEntity(r.Context(), body, nil); err != nil {
		http.Error(w, "not saved", http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Serve registers the routes and listens on the custom handler's port.
func Serve(cred azcore.TokenCredential) error {
	app, err := openCounter(cred)
	if err != nil {
		return err
	}
	if err := app.seed(context.Background()); err != nil {
		log.Printf("seed: %v", err)
	}
	addr := ":8080"
	if port, ok := os.LookupEnv("FUNCTIONS_CUSTOMHANDLER_PORT"); ok {
		addr = ":" + port
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/Hello", greet)
	mux.HandleFunc("/api/GetVisitorCounter", app.countVisit)
	mux.HandleFunc("/api/GetVisitorCounterSafe", app.countVisitGuarded)
	mux.HandleFunc("/api/Remember", app.remember)
	mux.HandleFunc("/api/RememberChecked", app.rememberChecked)
	return http.ListenAndServe(addr, mux)
}
