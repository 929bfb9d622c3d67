package minesc

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// setPanels writes the switch's state; nothing is read first.
func setPanels(on bool) error {
	svc, err := tables()
	if err != nil {
		return err
	}
	row := svc.GetTableReference(panelTable).GetEntityReference("1", "1")
	row.Properties = map[string]interface{}{"state": on}
	return row.Update(true, nil) // S
}

// panelState answers the switch row as JSON, for the controller board.
func panelState(w http.ResponseWriter, r *http.Request) {
	svc, err := tables()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	res, err := svc.GetTableReference(panelTable).QueryEntities(30, metadata, nil) // L: TL301 TL307
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(res.Entities)
}

// togglePanels flips the switch when the form carries the setting code:
// the listed row is read, its state negated and written back by force.
func togglePanels(w http.ResponseWriter, r *http.Request) {
	svc, err := tables()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	res, err := svc.GetTableReference(panelTable).QueryEntities(30, metadata, nil)
	if err != nil || len(res.Entities) == 0 {
		http.Error(w, "no state row", http.StatusBadGateway)
		return
	}
	row := res.Entities[0]
	on, _ := row.Properties["state"].(bool)
	if r.Method == http.MethodPost && r.PostFormValue("code") == fmt.Sprint(credentials["solerstate_set_code"]) {
		row.Properties["state"] = !on
		if err := row.Update(true, nil); err != nil { // L: TL414
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		on = !on
	}
	fmt.Fprintf(w, "panels on: %v\n", on)
}

// togglePanelsChecked (added) writes the flip back with the row's ETag.
func togglePanelsChecked(w http.ResponseWriter, r *http.Request) {
	svc, err := tables()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	res, err := svc.GetTableReference(panelTable).QueryEntities(30, metadata, nil)
	if err != nil || len(res.Entities) == 0 {
		http.Error(w, "no state row", http.StatusBadGateway)
		return
	}
	row := res.Entities[0]
	on, _ := row.Properties["state"].(bool)
	row.Properties["state"] = !on
	if err := row.Update(false, nil); err != nil { // S
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	fmt.Fprintf(w, "panels on: %v\n", !on)
}

// Routes registers the handlers.
func Routes(mux *http.ServeMux) {
	mux.HandleFunc("/addresult", requireUser(addResult))
	mux.HandleFunc("/allresults", allResults)
	mux.HandleFunc("/allresults-paged", allResultsPaged)
	mux.HandleFunc("/spstate", panelState)
	mux.HandleFunc("/solarIndex", togglePanels)
	mux.HandleFunc("/solarIndex-checked", togglePanelsChecked)
	mux.HandleFunc("/spstate/off", func(w http.ResponseWriter, r *http.Request) {
		if err := setPanels(false); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	})
}
