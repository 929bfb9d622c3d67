package partitionscan

import (
	"fmt"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// quoteTeam doubles the quotes of s; an empty s comes back as it is,
// so on that path the partition is the constant ”.
func quoteTeam(s string) string {
	if s == "" {
		return s
	}
	return strings.ReplaceAll(s, "'", "''")
}

// The message says the partition as written, not the path where a guard
// pinned it to ”.
func recentOfTeam(c *aztables.Client, team string, since time.Time) {
	f := fmt.Sprintf("PartitionKey eq '%s' and Status eq 'open' and Updated ge datetime'%s'", quoteTeam(team), since.UTC().Format(time.RFC3339))
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(f)}) // want `TL303: query scans the whole partition '\{quoteTeam\(team\)\}'`
}
