// Package otherdecoder: a request body decoded by another package's
// Unmarshal (a JSON:API decoder); its fields become keys unchecked.
package otherdecoder

import (
	"io"
	"net/http"

	"jsonapi"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type account struct {
	ID string
}

type svc struct{ tc *aztables.Client }

func (s *svc) remove(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	var a account
	if err := jsonapi.Unmarshal(body, &a); err != nil {
		return
	}
	_, _ = s.tc.DeleteEntity(r.Context(), "accounts", a.ID, nil) // want `TL201: RowKey comes from the request`
}

// Silent: the bytes are the service's own file, not the request's.
func (s *svc) removeListed(w http.ResponseWriter, r *http.Request, f io.Reader) {
	body, err := io.ReadAll(f)
	if err != nil {
		return
	}
	var a account
	if err := jsonapi.Unmarshal(body, &a); err != nil {
		return
	}
	_, _ = s.tc.DeleteEntity(r.Context(), "accounts", a.ID, nil)
}
