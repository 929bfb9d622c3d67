// Package substrkeysok: the twin of substrkeys whose handler escapes the
// value before it is cut into both keys.
package substrkeysok

import (
	"context"
	"net/http"
	"net/url"
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
	a.save(r.Context(), url.PathEscape(r.FormValue("spot")))
}

func (a *atlas) save(ctx context.Context, spot string) {
	country, before, ok := cutCountry(spot)
	if !ok {
		return
	}
	_, _ = a.places.DeleteEntity(ctx, country, before, nil)
}
