package inject

import (
	"fmt"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

func handler(c *aztables.Client, r *http.Request) {
	dept := r.FormValue("dept")
	filter := fmt.Sprintf("PartitionKey eq '%s'", dept) // want `TL321: dept \(string\) is put into a quoted filter literal without escaping`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})

	name := r.URL.Query().Get("name")
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and Name eq '" + name + "'")}) // want `TL321: name \(string\)`
}

// Values that cannot carry a quote are fine.
func safe(c *aztables.Client, id int, n int64, ok bool, u uuid.UUID, t time.Time) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("PartitionKey eq '%d' and RowKey eq '%06d'", id, n))})
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("PartitionKey eq '%s' and B eq %t", u, ok))})
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq '" + u.String() + "' and T ge datetime'" + t.Format(time.RFC3339) + "'")})
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("PartitionKey eq 'p' and Age gt %d", id))})
}

// A string outside quotes is not a literal (the code builds syntax):
// not this rule.
func structural(c *aztables.Client, cond string) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and " + cond)})
}
