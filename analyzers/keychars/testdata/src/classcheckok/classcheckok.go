// Package classcheckok: the twins of classcheck whose validators admit
// only characters a key can hold (digits, letters and a dash, a constant
// set), by a range over the string or a byte loop, here and in an
// imported package; the keys they guard are checked.
package classcheckok

import (
	"net/http"
	"strings"
	"unicode"

	"charclass"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type greenhouse struct{ sensors *aztables.Client }

// bedName admits letters and dashes.
func bedName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && r != '-' {
			return false
		}
	}
	return true
}

const trayChars = "abcdefghijklmnopqrstuvwxyz0123456789_"

// trayCode admits the characters of a constant set.
func trayCode(s string) bool {
	for _, r := range s {
		if !strings.ContainsRune(trayChars, r) {
			return false
		}
	}
	return len(s) <= 12
}

// shelfLabel looks at every byte.
func shelfLabel(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

func (g *greenhouse) reading(w http.ResponseWriter, r *http.Request) {
	bed, probe := r.PathValue("bed"), r.PathValue("probe")
	if !bedName(bed) || !charclass.Tally(probe) {
		http.NotFound(w, r)
		return
	}
	_, _ = g.sensors.GetEntity(r.Context(), bed, probe, nil)
}

func (g *greenhouse) tray(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	tray, shelf := q.Get("tray"), q.Get("shelf")
	if trayCode(tray) && shelfLabel(shelf) {
		_, _ = g.sensors.DeleteEntity(r.Context(), tray, shelf, nil)
	}
}
