package cgotbl

// #include <stdlib.h>
import "C"

import (
	"context"
	"fmt"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func handler(c *aztables.Client, r *http.Request) {
	f := fmt.Sprintf("LastName eq '%s'", r.FormValue("n"))
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	p.NextPage(context.Background())
}
