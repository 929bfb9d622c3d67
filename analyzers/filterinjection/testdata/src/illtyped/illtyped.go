// Package illtyped has type errors (an import that does not
// resolve, a call of an undefined function): its ill-typed functions get
// no SSA body, so the flow layer knows nothing of them. TL321 must not
// panic there nor guess: it reports a request value put into quotes
// (its type is known), and stays silent on escaped values and on values
// whose type the errors leave unknown.
package illtyped

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	pb "example.com/not/generated/pb"
)

// built in branches and with += (opaqueParts asks flow, which has no
// body here): nothing is guessed, nothing panics.
func built(c *aztables.Client, q url.Values) {
	pb.Touch()
	start := q.Get("start")
	var filter string
	if start != "" {
		filter = "PartitionKey eq 'e' and Date ge datetime'" + start + "'"
	}
	filter += " and Kind eq '" + pb.Kind + "'"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
}

// one value, written in place: reported.
func direct(c *aztables.Client, q url.Values) {
	pb.Touch()
	raw := q.Get("raw")
	f := "PartitionKey eq '" + raw + "'" // want `TL321: raw \(string\)`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// escaped: silent twin of direct.
func escaped(c *aztables.Client, q url.Values) {
	pb.Touch()
	raw := strings.ReplaceAll(q.Get("raw"), "'", "''")
	f := "PartitionKey eq '" + raw + "'"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// a value of a type the errors leave unknown (pb.ID may well be an
// integer): not reported.
func unknown(c *aztables.Client) {
	f := fmt.Sprintf("PartitionKey eq '%d'", pb.ID)
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	g := "PartitionKey eq '" + undefinedHelper() + "'"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &g})
}

// a helper with a type error called from a well-typed function: its
// declared result is a string not known to be safe, reported as any
// such string is.
func key() string { return pb.Key }

func viaHelper(c *aztables.Client) {
	f := "PartitionKey eq '" + key() + "'" // want `TL321: key\(\) \(string\)`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}
