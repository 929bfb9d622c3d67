// Package injectclass: a value guarded by a validator recognised by its
// body goes into a quoted literal unescaped; silent when the class the
// validator admits has no quote, reported when it lets the quote in.
package injectclass

import (
	"context"
	"fmt"
	"net/http"
	"unicode"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type ferry struct{ trips *aztables.Client }

// callSign admits upper-case letters and digits.
func callSign(s string) bool {
	for _, r := range s {
		if !unicode.IsUpper(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return s != ""
}

// captainName admits letters, spaces and apostrophes (O'Neil).
func captainName(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) && r != ' ' && r != '\'' {
			return false
		}
	}
	return true
}

func (f *ferry) bySign(w http.ResponseWriter, r *http.Request) {
	sign := r.URL.Query().Get("sign")
	if !callSign(sign) {
		http.Error(w, "bad call sign", http.StatusBadRequest)
		return
	}
	filter := fmt.Sprintf("Vessel eq '%s'", sign)
	f.list(r.Context(), filter)
}

func (f *ferry) byCaptain(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("captain")
	if !captainName(name) {
		http.Error(w, "bad name", http.StatusBadRequest)
		return
	}
	filter := "Captain eq '" + name + "'" // want `TL321: name \(string\) is put into a quoted filter literal without escaping`
	f.list(r.Context(), filter)
}

func (f *ferry) list(ctx context.Context, filter string) {
	pager := f.trips.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for pager.More() {
		if _, err := pager.NextPage(ctx); err != nil {
			return
		}
	}
}
