package injectsink

import (
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Repo struct{ c *aztables.Client }

// ByOwner interpolates its parameter: reported here, whoever calls it.
func (r *Repo) ByOwner(owner string) {
	f := fmt.Sprintf("PartitionKey eq '%s'", owner) // want `TL321: owner \(string\)`
	r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// Raw takes a whole filter.
func (r *Repo) Raw(filter string) {
	r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
}

// byName's callers escape (one of them does): each caller is checked
// instead, so that the value is never escaped twice.
func (r *Repo) byName(name string) {
	f := "PartitionKey eq 'p' and Name eq '" + name + "'"
	r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

func esc(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c == '\'' {
			b.WriteString("''")
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

func (r *Repo) callers(in string) {
	r.byName(esc(in))
	r.byName(in) // want `TL321: in \(string\)`
	r.byName("O'Brien's")
}
