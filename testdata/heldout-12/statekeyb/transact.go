package statekeyb

import (
	"encoding/json"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Op is one operation of a transaction request.
type Op struct {
	Operation string `json:"operation"` // "upsert" or "delete"
	Request   Item   `json:"request"`
}

// Transact is POST /v1.0/state/transaction, the state API's multi-item
// request: the operations go into one table transaction, each under the
// partition its own metadata names.
func (s *Store) Transact(w http.ResponseWriter, r *http.Request) {
	var ops []Op
	if err := json.NewDecoder(r.Body).Decode(&ops); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if len(ops) == 0 || len(ops) > 100 {
		http.Error(w, "1 to 100 operations", http.StatusBadRequest)
		return
	}
	actions := make([]aztables.TransactionAction, 0, len(ops))
	for _, op := range ops {
		e := aztables.Entity{
			PartitionKey: s.partition(op.Request.Metadata), // L: TL201 TL403
			RowKey:       op.Request.Key,                   // L: TL201
		}
		kind := aztables.TransactionTypeInsertReplace
		var b []byte
		var err error
		if op.Operation == "delete" {
			kind = aztables.TransactionTypeDelete
			b, err = json.Marshal(e)
		} else {
			b, err = json.Marshal(row{Entity: e, Value: string(op.Request.Value)}) // L: TL122
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		actions = append(actions, aztables.TransactionAction{ActionType: kind, Entity: b})
	}
	if _, err := s.c.SubmitTransaction(r.Context(), actions, nil); err != nil { // S
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
