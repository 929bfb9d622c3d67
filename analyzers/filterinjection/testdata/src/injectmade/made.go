// Package injectmade: values cleaned by tools the package makes once
// and keeps in package variables (a replacer, a compiled pattern), by a
// loop that extends a string, or taken from package variables only ever
// set to constants, are judged by what those are made of.
package injectmade

import (
	"encoding/base64"
	"fmt"
	"regexp"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"madeesc"
)

var (
	odataText = strings.NewReplacer("'", "''", "\t", " ")
	stripText = strings.NewReplacer("'", "", `"`, "")
	cEscaped  = strings.NewReplacer("'", `\'`)
	skuChars  = regexp.MustCompile(`[^A-Z0-9-]+`)
	dotsOnly  = regexp.MustCompile(`\.+`)
	skuShape  = regexp.MustCompile(`^[A-Z0-9-]{1,32}$`)
)

func list(c *aztables.Client, f string) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(f)})
}

// Made: a replacer that doubles or drops quotes, a pattern that takes
// every quote away. Silent.
func Made(c *aztables.Client, shelf, sku string) {
	list(c, fmt.Sprintf("PartitionKey eq '%s'", odataText.Replace(shelf)))
	list(c, "PartitionKey eq '"+stripText.Replace(shelf)+"'")
	list(c, fmt.Sprintf("RowKey eq '%s'", skuChars.ReplaceAllString(sku, "")))
}

// NotMade: a replacer that writes a backslash, a pattern that leaves
// quotes. Reported.
func NotMade(c *aztables.Client, shelf, sku string) {
	list(c, fmt.Sprintf("PartitionKey eq '%s'", cEscaped.Replace(shelf)))       // want `TL321: cEscaped.Replace\(shelf\) \(string\)`
	list(c, fmt.Sprintf("RowKey eq '%s'", dotsOnly.ReplaceAllString(sku, "-"))) // want `TL321: dotsOnly.ReplaceAllString\(sku, "-"\) \(string\)`
}

// Checked: a value the pattern matched whole before it is used. Silent;
// the same value unchecked is reported.
func Checked(c *aztables.Client, sku string) {
	if !skuShape.MatchString(sku) {
		return
	}
	list(c, fmt.Sprintf("RowKey eq '%s'", sku))
}

func Unchecked(c *aztables.Client, sku string) {
	list(c, fmt.Sprintf("RowKey eq '%s'", sku)) // want `TL321: sku \(string\)`
}

// twice writes each quote twice while extending a string; single
// writes it once.
func twice(s string) string {
	res := ""
	for _, ch := range s {
		res += string(ch)
		if ch == '\'' {
			res += "'"
		}
	}
	return res
}

func single(s string) string {
	res := ""
	for _, ch := range s {
		if ch == '\'' {
			res += "'"
		} else {
			res += string(ch)
		}
	}
	return res
}

func Extended(c *aztables.Client, shelf string) {
	list(c, fmt.Sprintf("PartitionKey eq '%s'", twice(shelf)))
	list(c, fmt.Sprintf("PartitionKey eq '%s'", single(shelf))) // want `TL321: single\(shelf\) \(string\)`
}

// Package variables: one only ever given constants is text; one given
// a caller's value is not.
var (
	region = "west"
	zone   string
	owner  = "ops"
)

func UseZone(z bool) {
	if z {
		zone = "z1"
	}
}

func SetOwner(o string) { owner = o }

func Regions(c *aztables.Client) {
	list(c, "PartitionKey eq '"+region+"' and Zone eq '"+zone+"'")
	list(c, "PartitionKey eq '"+owner+"'") // want `TL321: owner \(string\)`
}

// Named: a helper of another package named for escaping, and a base64
// encoding, cannot leave a quote. Silent.
func Named(c *aztables.Client, shelf string) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("PartitionKey eq '%s'", madeesc.EscapeLiteral(shelf)))})
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("PartitionKey eq '%s'", base64.URLEncoding.EncodeToString([]byte(shelf))))})
}

// Unnamed: the same value, not escaped. Reported.
func Unnamed(c *aztables.Client, shelf string) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("PartitionKey eq '%s'", shelf+"-x"))}) // want `TL321`
}
