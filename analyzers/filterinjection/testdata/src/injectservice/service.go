package injectservice

import (
	"net/http"
	"strings"

	"injectsink"
)

func serve(r *injectsink.Repo, req *http.Request) {
	r.ByOwner("alice")
	r.ByOwner(req.Header.Get("X-Owner")) // reported inside ByOwner
	r.ByOwner(strings.ReplaceAll(req.Header.Get("X-Owner"), "'", "''"))
	user := req.FormValue("u")
	r.Raw("PartitionKey eq '" + user + "'") // want `TL321: user \(string\)`
}
