package quotesinka

import (
	"encoding/json"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Peek serves the rows written under one key pair, to check what a template
// produced: GET /peek?pk=…&rk=… (added)
func (o *Output) Peek(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f := "PartitionKey eq '" + escapeKey(q.Get("pk")) + "'" + // S
		" and RowKey eq '" + q.Get("rk") + "'" // L: TL321
	pager := o.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	var rows []json.RawMessage
	for pager.More() {
		page, err := pager.NextPage(r.Context())
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		for _, e := range page.Entities {
			rows = append(rows, e)
		}
	}
	_ = json.NewEncoder(w).Encode(rows)
}

// Drop deletes one written row: DELETE /rows/{pk}/{rk} (added)
func (o *Output) Drop(w http.ResponseWriter, r *http.Request) {
	pk := r.PathValue("pk") // L: TL201
	rk := r.PathValue("rk") // L: TL201
	if _, err := o.client.DeleteEntity(r.Context(), pk, rk, nil); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
