// Package injectrunes: a helper that copies a value rune by rune and
// writes every quote a second time escapes it; one that writes it once,
// skips the copy for it, or writes something else does not.
package injectrunes

import (
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func doubled(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		out = append(out, r)
		if r == '\'' {
			out = append(out, r)
		}
	}
	return string(out)
}

func doubledBuilder(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\'' {
			b.WriteByte('\'')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func once(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '\'' {
			b.WriteRune(r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func backslash(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '\'' {
			b.WriteRune('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Escaped: silent.
func Escaped(c *aztables.Client, name string) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("PartitionKey eq '%s'", doubled(name)))})
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("PartitionKey eq '%s'", doubledBuilder(name)))})
}

// NotEscaped: reported.
func NotEscaped(c *aztables.Client, name string) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("PartitionKey eq '%s'", once(name)))})      // want `TL321: once\(name\) \(string\)`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("PartitionKey eq '%s'", backslash(name)))}) // want `TL321: backslash\(name\) \(string\)`
}
