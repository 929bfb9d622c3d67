package recon

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/google/uuid"
	"github.com/tablelint/tablelint/odata"
)

func show(any) {}

const dept = "Sales"

var pkgFilter = "PartitionKey eq 'p'"

type Kind string

func pk(d string) string { return "PartitionKey eq '" + d + "'" }

func f(name string, id int, n int64, t time.Time, u uuid.UUID, k Kind, ok bool) {
	show("PartitionKey eq '" + dept + "'")                                   // want `PartitionKey eq 'Sales'`
	show(fmt.Sprintf("PartitionKey eq '%s' and RowKey eq '%06d'", name, id)) // want `PartitionKey eq '\{param name\}' and RowKey eq '\{%06d,fmt.Sprintf,param id,safe\}'`
	show(to.Ptr(pkgFilter))                                                  // want `PartitionKey eq 'p'`
	x := "RowKey eq '" + strconv.Itoa(id) + "'"
	show(&x)                                                             // want `RowKey eq '\{%d,strconv.Itoa,param id,safe\}'`
	show("PartitionKey eq " + odata.Quote(name))                         // want `PartitionKey eq '\{odata.Quote,param name,safe\}'`
	show("A eq '" + strings.ReplaceAll(name, "'", "''") + "'")           // want `A eq '\{strings.ReplaceAll,param name,safe\}'`
	show("T ge datetime'" + t.Format(time.RFC3339) + "'")                // want `T ge datetime'\{\(time.Time\).Format,param t,safe\}'`
	show("G eq '" + u.String() + "'")                                    // want `G eq '\{%s,\(uuid.UUID\).String,param u,safe\}'`
	show(fmt.Sprintf("K eq '%s' and B eq %t and N eq %dL", k, ok, n))    // want `K eq '\{param k\}' and B eq \{%t,fmt.Sprintf,param ok,safe\} and N eq \{%d,fmt.Sprintf,param n,safe\}L`
	show(pk(name) + " and RowKey eq '" + strconv.FormatInt(n, 10) + "'") // want `PartitionKey eq '\{param name\}' and RowKey eq '\{%d,strconv.FormatInt,param n,safe\}'`
	show(fmt.Sprintf("%s and %s", pk(dept), "X eq 1"))                   // want `PartitionKey eq 'Sales' and X eq 1`
	show(fmt.Sprintf("Q eq '%s'", url.QueryEscape(name)))                // want `Q eq '\{url.QueryEscape,param name,safe\}'`
	show(fmt.Sprintf("Top eq %d", 10))                                   // want `Top eq 10`

	var y string
	if ok {
		y = "a"
	} else {
		y = "b"
	}
	show(y) // want `\{\}`
	z := name
	z += "x"
	show(z)                                                                 // want `\{\}`
	show(fmt.Sprintf("%[1]s", name))                                        // want `\{param name\}`
	show(fmt.Sprintf("A eq '%[2]s' and B eq %[1]d", id, name))              // want `A eq '\{param name\}' and B eq \{%d,fmt.Sprintf,param id,safe\}`
	show(fmt.Sprintf("A eq '%[1]s' or C eq '%[1]s' and D eq %d", name, id)) // want `A eq '\{param name\}' or C eq '\{param name\}' and D eq \{%d,fmt.Sprintf,param id,safe\}`
	show(fmt.Sprintf("A eq '%[2]s'", name, name))                           // want `\{\}`
	show(fmt.Sprintf("A eq '%[3]s'", name, name))                           // want `\{\}`
	show(fmt.Sprintf("%[1]*d", id, id))                                     // want `\{\}`
	show(fmt.Sprintf("%s %s", name))                                        // want `\{\}`
	show(fmt.Sprint(id))                                                    // want `\{%v,fmt.Sprint,param id,safe\}`
	show(fmt.Sprintf("P eq '%q'", id))                                      // want `P eq '\{%q,fmt.Sprintf,param id\}'`
	show(strings.ToLower(name) + "%")                                       // want `\{param name\}%`
	show(string(k))                                                         // want `\{param k\}`
}
