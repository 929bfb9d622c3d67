// Package substrkeys: pieces cut from a request value keep its source,
// and a helper that makes one parameter both keys is reported for each.
package substrkeys

import (
	"context"
	"net/http"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type atlas struct{ places *aztables.Client }

// cutCountry splits "city@country" into its country and what comes
// before it (the separator kept), or nothing in front.
func cutCountry(spot string) (country, before string, ok bool) {
	spot = strings.TrimSpace(spot)
	at := strings.LastIndex(spot, "@")
	if at < 0 {
		return "", "", false
	}
	country = spot[at+1:]
	if at > 0 {
		before = spot[:len(spot)-len(country)]
	}
	return country, before, true
}

func (a *atlas) pin(w http.ResponseWriter, r *http.Request) {
	a.save(r.Context(), r.FormValue("spot"))
}

func (a *atlas) save(ctx context.Context, spot string) {
	country, before, ok := cutCountry(spot)
	if !ok {
		return
	}
	_, _ = a.places.DeleteEntity(ctx, country, before, nil) // want `TL201: PartitionKey comes from the request` `TL201: RowKey comes from the request`
}
