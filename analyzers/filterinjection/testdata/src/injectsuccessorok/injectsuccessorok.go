// Package injectsuccessorok: a prefix range's upper bound made by raising
// the last character of an allowlist-encoded prefix by one. The encoder
// keeps letters, digits and ". _ -" and spells every other byte as
// "x" and two hex digits: every character it writes is above the quote,
// and so is that character raised by one. Silent.
package injectsuccessorok

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"unicode"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func spell(text string) string {
	var out strings.Builder
	for _, c := range []byte(text) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '_', c == '-':
			out.WriteByte(c)
		default:
			fmt.Fprintf(&out, "x%02x", c)
		}
	}
	return out.String()
}

// spellRunes keeps letters and digits by class.
func spellRunes(text string) string {
	var out strings.Builder
	for _, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			out.WriteRune(r)
			continue
		}
		fmt.Fprintf(&out, "_%04x", r)
	}
	return out.String()
}

type shelf struct{ tc *aztables.Client }

func (s *shelf) list(ctx context.Context, f string) int {
	p := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	n := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n
		}
		n += len(page.Entities)
	}
	return n
}

func (s *shelf) Under(r *http.Request) int {
	lo := spell(r.FormValue("space") + "|")
	hi := lo[:len(lo)-1] + string(lo[len(lo)-1]+1)
	return s.list(r.Context(), fmt.Sprintf("PartitionKey ge '%s' and PartitionKey lt '%s'", lo, hi))
}

func (s *shelf) UnderRunes(r *http.Request) int {
	lo := spellRunes(r.FormValue("space"))
	hi := lo[:len(lo)-1] + string(lo[len(lo)-1]+1)
	return s.list(r.Context(), "PartitionKey ge '"+lo+"' and PartitionKey lt '"+hi+"'")
}
