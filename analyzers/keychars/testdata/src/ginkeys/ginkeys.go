// Package ginkeys: keys taken from a gin request (a path parameter, a
// field of the bound JSON body) with no check.
package ginkeys

import (
	"context"
	"encoding/json"
	"regexp"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/gin-gonic/gin"
)

type vote struct {
	ID     string `json:"id"`
	Ballot string `json:"ballot"`
}

type api struct{ tc *aztables.Client }

func (a *api) save(ctx context.Context, v *vote) error {
	e := aztables.Entity{PartitionKey: v.Ballot, RowKey: v.ID} // want `TL201: PartitionKey comes from the request \(body.Ballot, passed at line 34\)` `TL201: RowKey comes from the request \(body.ID, passed at line 34\)`
	b, _ := json.Marshal(e)
	_, err := a.tc.AddEntity(ctx, b, nil)
	return err
}

// The ids of the body are the keys, unchecked.
func (a *api) post(c *gin.Context) {
	var v vote
	if err := c.BindJSON(&v); err != nil {
		return
	}
	_ = a.save(context.TODO(), &v)
}

// A path parameter is the partition, unchecked.
func (a *api) get(c *gin.Context) {
	_, _ = a.tc.GetEntity(context.TODO(), c.Param("ballot"), "summary", nil) // want `TL201: PartitionKey comes from the request`
}

var idRe = regexp.MustCompile(`^[a-z0-9-]{1,40}$`)

// Silent: the path parameter is checked first; a middleware's value is
// not the client's.
func (a *api) getChecked(c *gin.Context) {
	b := c.Param("ballot")
	if !idRe.MatchString(b) {
		return
	}
	_, _ = a.tc.GetEntity(context.TODO(), b, c.GetString("user"), nil)
}
