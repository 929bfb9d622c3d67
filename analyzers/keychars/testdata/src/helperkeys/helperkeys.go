// Package helperkeys: keys a helper of the package reads and deletes by,
// given request input by its callers. Each key is reported on the line
// of its own argument in the helper (where the value becomes the key),
// not on the line of the call that takes both.
package helperkeys

import (
	"context"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type shelf struct{ tc *aztables.Client }

// lookup reads a book by its shelf and its code, one argument a line.
func (s *shelf) lookup(ctx context.Context, code, shelfName string) (aztables.GetEntityResponse, error) {
	return s.tc.GetEntity(ctx,
		shelfName, // want `TL201: PartitionKey comes from the request \(r.URL.Query\(\).Get, passed at line 41\) unchecked`
		code,      // want `TL201: RowKey comes from the request \(r.URL.Query\(\).Get, passed at line 41\) unchecked`
		nil)
}

// discard deletes a book by the same keys, given in the order of the
// table.
func discard(ctx context.Context, tc *aztables.Client, part, row string) error {
	_, err := tc.DeleteEntity(ctx, part,
		row, // want `TL201: RowKey comes from the request \(r.FormValue, passed at line 46\) unchecked`
		nil)
	return err
}

// show reads the keys from the query string and checks only that they
// are there.
func (s *shelf) show(w http.ResponseWriter, r *http.Request) {
	code, name := r.URL.Query().Get("code"), r.URL.Query().Get("shelf")
	if code == "" || name == "" {
		http.Error(w, "code and shelf", http.StatusBadRequest)
		return
	}
	_, _ = s.lookup(r.Context(), code, name)
}

// drop takes the row from the form; the partition is fixed.
func (s *shelf) drop(w http.ResponseWriter, r *http.Request) {
	_ = discard(r.Context(), s.tc,
		"books",
		r.FormValue("code"))
}
