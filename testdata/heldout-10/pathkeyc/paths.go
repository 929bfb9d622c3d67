// Package pathkeyc records deployed resources in a table through the legacy
// storage package, keyed by their location.
package pathkeyc

import (
	"os"
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Resource is one deployed thing.
type Resource struct {
	Group string
	Kind  string
	Name  string
	State string
}

// Registry holds the resources table.
type Registry struct {
	tbl *storage.Table
}

// Open reads the account from the environment.
func Open() (*Registry, error) {
	cl, err := storage.NewBasicClient(os.Getenv("REG_ACCOUNT"), os.Getenv("REG_KEY")) // S
	if err != nil {
		return nil, err
	}
	svc := cl.GetTableService()
	return &Registry{tbl: svc.GetTableReference("resources")}, nil
}

// Put stores r under its group, keyed by kind and name as a path.
func (g *Registry) Put(r Resource) error {
	e := g.tbl.GetEntityReference(
		"groups/"+r.Group, // L: TL201
		r.Kind+"/"+r.Name, // L: TL201
	)
	e.Properties = map[string]interface{}{"State": r.State}
	return e.InsertOrReplace(nil)
}

// PutFlat stores r with the path separators replaced.
func (g *Registry) PutFlat(r Resource) error {
	e := g.tbl.GetEntityReference(
		"groups|"+strings.ReplaceAll(r.Group, "/", "|"), // S
		r.Kind+"|"+strings.ReplaceAll(r.Name, "/", "|"), // S
	)
	e.Properties = map[string]interface{}{"State": r.State}
	return e.InsertOrReplace(nil)
}
