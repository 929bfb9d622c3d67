// Package classcheck: request values tested by functions that look like
// character-class validators but let a character a key cannot hold
// through, or do not test every character; the keys stay unchecked.
package classcheck

import (
	"net/http"
	"strings"
	"unicode"

	"charclass"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type greenhouse struct{ sensors *aztables.Client }

// bedName admits letters and a few separators, the slash among them.
func bedName(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) && !strings.ContainsRune("-_/", r) {
			return false
		}
	}
	return true
}

// wildcard lets "*" and anything starting with it through before its loop.
func wildcard(s string) bool {
	if strings.HasPrefix(s, "*") {
		return true
	}
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// afterFirst skips the first byte.
func afterFirst(s string) bool {
	for i := 1; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}

// stopsAtDot leaves the loop at a dot: what follows it is never looked at.
func stopsAtDot(s string) bool {
	for _, r := range s {
		if r == '.' {
			break
		}
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

func (g *greenhouse) reading(w http.ResponseWriter, r *http.Request) {
	bed, probe := r.PathValue("bed"), r.PathValue("probe")
	if !bedName(bed) || !wildcard(probe) {
		return
	}
	_, _ = g.sensors.GetEntity(r.Context(), bed, "x", nil)   // want `TL201: PartitionKey comes from the request \(r.PathValue\) unchecked`
	_, _ = g.sensors.GetEntity(r.Context(), "x", probe, nil) // want `TL201: RowKey comes from the request \(r.PathValue\) unchecked`
}

func (g *greenhouse) tray(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	tray, shelf, row := q.Get("tray"), q.Get("shelf"), q.Get("row")
	if !afterFirst(tray) || !stopsAtDot(shelf) || !charclass.Pathish(row) {
		return
	}
	_, _ = g.sensors.DeleteEntity(r.Context(), tray, shelf, nil) // want `TL201: PartitionKey comes from the request` `TL201: RowKey comes from the request`
	_, _ = g.sensors.GetEntity(r.Context(), "rows", row, nil)    // want `TL201: RowKey comes from the request`
}
