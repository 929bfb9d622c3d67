// Package legacyrefs: keys given to the legacy storage API's entity
// reference constructor, from a request's cookie, header or form.
package legacyrefs

import (
	"net/http"
	"regexp"

	"github.com/Azure/azure-sdk-for-go/storage"
)

type carts struct{ tbl *storage.Table }

// The cart id is the visitor's cookie: it can hold any character.
func (c carts) open(r *http.Request) (map[string]interface{}, error) {
	ck, err := r.Cookie("cart")
	if err != nil {
		return nil, err
	}
	ref := c.tbl.GetEntityReference("carts", ck.Value) // want `TL201: RowKey comes from the request \(r.Cookie.Value\) unchecked`
	if err := ref.Get(30, storage.NoMetadata, nil); err != nil {
		return nil, err
	}
	return ref.Properties, nil
}

// The shop comes from a header, the cart from the form.
func (c carts) clear(r *http.Request) error {
	ref := c.tbl.GetEntityReference(r.Header.Get("X-Shop"), r.FormValue("cart")) // want `TL201: PartitionKey comes from the request` `TL201: RowKey comes from the request \(r.FormValue\)`
	return ref.Delete(true, nil)
}

var cartID = regexp.MustCompile(`^[a-z0-9]{8,32}$`)

// Silent: the cookie is checked against a pattern before it is a key,
// and the partition is a constant.
func (c carts) openChecked(r *http.Request) (map[string]interface{}, error) {
	ck, err := r.Cookie("cart")
	if err != nil {
		return nil, err
	}
	id := ck.Value
	if !cartID.MatchString(id) {
		return nil, nil
	}
	ref := c.tbl.GetEntityReference("carts", id)
	if err := ref.Get(30, storage.NoMetadata, nil); err != nil {
		return nil, err
	}
	return ref.Properties, nil
}
