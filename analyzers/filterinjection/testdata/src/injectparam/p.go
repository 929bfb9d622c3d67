// Package injectparam: TL321 is reported where a string enters a quoted
// filter literal, whatever its origin, unless it is provably safe.
package injectparam

import (
	"context"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// ByEmail is exported: its parameter is reported where it is put in.
func ByEmail(ctx context.Context, c *aztables.Client, email string) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("PartitionKey eq 'u' and Email eq '%s'", email))}) // want `TL321: email \(string\)`
}

var quotes = strings.NewReplacer("'", "''")

func escapeOData(s string) string {
	out := ""
	for _, r := range s {
		if r == '\'' {
			out += "''"
		} else {
			out += string(r)
		}
	}
	return out
}

// Escaped values stay silent, however they were escaped.
func Safe(c *aztables.Client, name string, n int, key []byte) {
	esc := func(s string) string { return strings.ReplaceAll(s, "'", "''") }
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and Name eq '" + esc(name) + "'")})
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and Name eq '" + quotes.Replace(name) + "'")})
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and Name eq '" + escapeOData(name) + "'")})
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and Key eq '" + hex.EncodeToString(key) + "'")})
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and N eq '" + strconv.Itoa(n) + "'")})
	e := escapeOData(name)
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("PartitionKey eq '%s'", e))})
}

var (
	partition string
	userSet   string
)

// Configure sets partition to constants only; userSet to a value from
// the caller.
func Configure(admin bool, name string) {
	partition = "users"
	if admin {
		partition = "admins"
	}
	userSet = name
}

// Vars: a variable only ever given constants stays silent.
func Vars(c *aztables.Client) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq '" + partition + "'")})
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq '" + userSet + "'")}) // want `TL321: userSet \(string\)`
}
