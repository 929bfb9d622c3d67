package wfstatec

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const (
	stateTable   = "state"
	settingsPart = "settings"
	workflowRow  = "workflow"
)

// lastRun answers with the previous state and stamps the current time.
func (a *App) lastRun(w http.ResponseWriter, r *http.Request) {
	ent := a.table(stateTable).GetEntityReference(settingsPart, workflowRow)

	_ = ent.Get(30, storage.FullMetadata, nil)
	previous := ent.Properties
	if previous == nil {
		previous = map[string]interface{}{"LastModifiedOn": time.Now().AddDate(-5, 0, 0)}
	}

	ent.Properties = map[string]interface{}{"LastModifiedOn": time.Now().UTC()}
	if err := ent.InsertOrReplace(nil); err != nil { // S
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(previous)
}

// runCount reads the counter the run routes keep.
func runCount(props map[string]interface{}) int64 {
	switch v := props["Runs"].(type) {
	case int64:
		return v
	case float64:
		return int64(v)
	}
	return 0
}

// countRun (added) adds one to the run counter, rebuilding the properties.
func (a *App) countRun(w http.ResponseWriter, r *http.Request) {
	ent := a.table(stateTable).GetEntityReference(settingsPart, workflowRow)
	if err := ent.Get(30, storage.MinimalMetadata, &storage.GetEntityOptions{Select: []string{"Runs", "LastRunBy"}}); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	n := runCount(ent.Properties) + 1
	ent.Properties = map[string]interface{}{"Runs": n}
	if err := ent.InsertOrReplace(nil); err != nil { // L: TL411 TL414
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	fmt.Fprintf(w, "%d\n", n)
}

// countRunChecked (added) changes the map it read and sends the read's ETag.
func (a *App) countRunChecked(w http.ResponseWriter, r *http.Request) {
	ent := a.table(stateTable).GetEntityReference(settingsPart, workflowRow)
	if err := ent.Get(30, storage.MinimalMetadata, nil); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	n := runCount(ent.Properties) + 1
	ent.Properties["Runs"] = n
	ent.Properties["LastRunBy"] = "runs-safe"
	if err := ent.Update(false, nil); err != nil { // S
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	fmt.Fprintf(w, "%d\n", n)
}
