// Package injectsuccessor: injectsuccessorok's prefix successor where the
// raised character can be a quote: the encoder keeps '&' (one below the
// quote), or the prefix is only quote-doubled (it can end in a quote).
package injectsuccessor

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func spell(text string) string {
	var out strings.Builder
	for _, c := range []byte(text) {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '&':
			out.WriteByte(c)
		default:
			fmt.Fprintf(&out, "x%02x", c)
		}
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
	lo := spell(r.FormValue("space"))
	hi := lo[:len(lo)-1] + string(lo[len(lo)-1]+1)
	return s.list(r.Context(), fmt.Sprintf("PartitionKey ge '%s' and PartitionKey lt '%s'", lo, hi)) // want `TL321: hi \(string\)`
}

func (s *shelf) UnderDoubled(r *http.Request) int {
	lo := strings.ReplaceAll(r.FormValue("space"), "'", "''")
	hi := lo[:len(lo)-1] + string(lo[len(lo)-1]+1)
	return s.list(r.Context(), "PartitionKey ge '"+lo+"' and PartitionKey lt '"+hi+"'") // want `TL321: hi \(string\)`
}
