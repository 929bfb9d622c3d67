package injectcut

import (
	"encoding/base64"
	"net/http"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/tablelint/tablelint/odata"
)

func list(c *aztables.Client, f string) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// Escaped, then cut to the caller's length: a doubled quote may lose its
// second half.
func byPrefix(c *aztables.Client, r *http.Request, n int) {
	name := strings.ReplaceAll(r.FormValue("name"), "'", "''")[:n]
	list(c, "Name eq '"+name+"'") // want `TL321: name \(string\)`
}

// Escaped, then cut to 31 bytes.
func byShortName(c *aztables.Client, r *http.Request) {
	esc := strings.ReplaceAll(r.FormValue("name"), "'", "''")
	short := esc[:31]
	list(c, "Name eq '"+short+"'") // want `TL321: short \(string\)`
}

// Escaped by the caller, cut by a helper.
func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func byClipped(c *aztables.Client, r *http.Request) {
	name := clip(odata.Quote(r.FormValue("name")), 40)
	list(c, "Name eq "+name) // want `TL321: name \(string\)`
}

// Silent: cut before it is escaped.
func byPrefixFirst(c *aztables.Client, r *http.Request, n int) {
	name := strings.ReplaceAll(r.FormValue("name")[:n], "'", "''")
	list(c, "Name eq '"+name+"'")
}

// Silent: the cut's trailing quotes are trimmed, so no half pair is left.
func clipPairs(s string, n int) string {
	if len(s) > n {
		s = s[:n]
	}
	return strings.TrimRight(s, "'")
}

func byClippedPairs(c *aztables.Client, r *http.Request) {
	name := clipPairs(strings.ReplaceAll(r.FormValue("name"), "'", "''"), 40)
	list(c, "Name eq '"+name+"'")
}

// Silent: base64 holds no quote, wherever it is cut.
func byDigest(c *aztables.Client, r *http.Request, n int) {
	name := base64.StdEncoding.EncodeToString([]byte(r.FormValue("name")))[:n]
	list(c, "Name eq '"+name+"'")
}
