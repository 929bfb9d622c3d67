// Package injectcleaned: a value cleaned by a regexp that removes every
// quote (it matches "'" and never the empty string, and the replacement
// has no quote) cannot end the literal; other regexps can leave one.
package injectcleaned

import (
	"context"
	"fmt"
	"regexp"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

var notAlnum = regexp.MustCompile(`[^a-zA-Z0-9]+`)

func clean(s string) string { return notAlnum.ReplaceAllString(s, "") }

// Cleaned values stay silent: a helper, in place, a literal replacement.
func Cleaned(ctx context.Context, c *aztables.Client, pk, name string) {
	f := fmt.Sprintf("PartitionKey eq '%s'", clean(pk))
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	g := "PartitionKey eq '" + regexp.MustCompile(`[^\w-]`).ReplaceAllString(pk, "_") + "' and Name eq '" + notAlnum.ReplaceAllLiteralString(name, "$") + "'"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &g})
}

var keepsQuotes = regexp.MustCompile(`[^a-zA-Z0-9']+`)
var maybeEmpty = regexp.MustCompile(`x*|'`)

// NotCleaned: the class keeps the quote, the pattern can match empty
// (so a quote is skipped), the replacement has a quote or copies the match.
func NotCleaned(ctx context.Context, c *aztables.Client, pk string) {
	f1 := fmt.Sprintf("PartitionKey eq '%s'", keepsQuotes.ReplaceAllString(pk, ""))  // want `TL321: keepsQuotes.ReplaceAllString\(pk, ""\) \(string\)`
	f2 := fmt.Sprintf("PartitionKey eq '%s'", maybeEmpty.ReplaceAllString(pk, ""))   // want `TL321: maybeEmpty.ReplaceAllString\(pk, ""\) \(string\)`
	f3 := fmt.Sprintf("PartitionKey eq '%s'", notAlnum.ReplaceAllString(pk, "'"))    // want `TL321: notAlnum.ReplaceAllString\(pk, "'"\) \(string\)`
	f4 := fmt.Sprintf("PartitionKey eq '%s'", notAlnum.ReplaceAllString(pk, "${0}")) // want `TL321: notAlnum.ReplaceAllString\(pk, "\$\{0\}"\) \(string\)`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f1})
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f2})
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f3})
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f4})
}
