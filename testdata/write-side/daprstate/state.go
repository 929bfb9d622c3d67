// Package daprstate is a state store component on the legacy Table API:
// a "partition||row" key, the value serialised into one property.
package daprstate

import (
	"encoding/json"
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const (
	keyDelimiter = "||"
	valueColumn  = "Value"
)

// SetRequest is a state write.
type SetRequest struct {
	Key   string
	Value any
}

// Store is the state store.
type Store struct {
	table *storage.Table
}

func split(key string) (string, string) {
	pk, rk, ok := strings.Cut(key, keyDelimiter)
	if !ok {
		return key, ""
	}
	return pk, rk
}

func encode(v any) string {
	if b, ok := v.([]byte); ok {
		return string(b)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// Set writes the value; the row has no other property.
func (s *Store) Set(req *SetRequest) error {
	pk, rk := split(req.Key)
	e := s.table.GetEntityReference(pk, rk)
	e.Properties = map[string]interface{}{valueColumn: encode(req.Value)}
	return e.InsertOrReplace(nil) // S
}

// Delete removes a key; deleting a missing key is not an error for the
// component's callers, who retry.
func (s *Store) Delete(key string) error {
	pk, rk := split(key)
	e := s.table.GetEntityReference(pk, rk)
	return e.Delete(true, nil)
}
