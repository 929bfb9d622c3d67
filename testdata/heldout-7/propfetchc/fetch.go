// Package propfetchc reads one property of one row with the legacy storage
// Table API: a command-line fetch with the account, table and keys written
// into the program, and (added) an HTTP lookup of the same property by keys
// a caller sends.
package propfetchc

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Left empty in the published program; filled in before building it.
const (
	tableName   = ""
	accountName = ""
	accountKey  = ""
)

func connect(name, key string) (*storage.Client, error) {
	c, err := storage.NewBasicClient(name, key) // S
	if err != nil {
		return nil, err
	}
	return &c, nil
}

func openTable() (*storage.Table, error) {
	c, err := connect(accountName, accountKey)
	if err != nil {
		return nil, err
	}
	svc := c.GetTableService()
	return svc.GetTableReference(tableName), nil
}

// FetchProperty prints the one property the program asks for.
func FetchProperty() error {
	t, err := openTable()
	if err != nil {
		return err
	}
	row := t.GetEntityReference("PartitionKey", "RowKey")
	if err := row.Get(30, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{"property"}}); err != nil {
		return err
	}
	v, ok := row.Properties["property"].(string)
	if !ok {
		return errors.New("property is not a string")
	}
	fmt.Println(v)
	return nil
}

// lookup (added) answers with the property of the row the query names.
func lookup(w http.ResponseWriter, r *http.Request) {
	t, err := openTable()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	q := r.URL.Query()
	row := t.GetEntityReference(
		q.Get("pk"), // L: TL201
		q.Get("rk"), // L: TL201
	)
	if err := row.Get(30, storage.NoMetadata, &storage.GetEntityOptions{Select: []string{"property"}}); err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	fmt.Fprintln(w, row.Properties["property"])
}

var plainKey = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// lookupChecked (added) is lookup with the keys checked first.
func lookupChecked(w http.ResponseWriter, r *http.Request) {
	pk, rk := r.URL.Query().Get("pk"), r.URL.Query().Get("rk")
	if !plainKey.MatchString(pk) || !plainKey.MatchString(rk) {
		http.Error(w, "bad key", http.StatusBadRequest)
		return
	}
	t, err := openTable()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	row := t.GetEntityReference(
		pk, // S
		rk, // S
	)
	if err := row.Get(30, storage.NoMetadata, &storage.GetEntityOptions{Select: []string{"property"}}); err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	fmt.Fprintln(w, row.Properties["property"])
}

// Handler serves both lookups.
func Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/property", lookup)
	mux.HandleFunc("/property-checked", lookupChecked)
	return mux
}
