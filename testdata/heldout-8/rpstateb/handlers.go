package rpstateb

import (
	"encoding/json"
	"errors"
	"net/http"
	"path"
	"strings"

	"github.com/google/uuid"
)

// The resource manager sends the resource's full id in this header.
const requestPathHeader = "x-ms-customproviders-requestpath"

// Binding says which provider and type a bundle serves; loaded from the
// mapping file at start-up.
type Binding struct {
	Provider string
	Kind     string
	Bundle   string
}

var bindings = map[string]Binding{}

type resourceBody struct {
	Properties struct {
		Parameters  map[string]any `json:"parameters"`
		Credentials map[string]any `json:"credentials"`
	} `json:"properties"`
}

// target reads the subscription and resource id of a request.
func target(r *http.Request) (uuid.UUID, string, error) {
	full := r.Header.Get(requestPathHeader)
	if strings.Contains(full, "!") {
		return uuid.UUID{}, "", errors.New("'!' is not allowed in a resource name")
	}
	parts := strings.Split(strings.TrimPrefix(full, "/"), "/")
	if len(parts) < 2 {
		return uuid.UUID{}, "", errors.New("no subscription in request path")
	}
	sub, err := uuid.Parse(parts[1])
	if err != nil {
		return uuid.UUID{}, "", err
	}
	return sub, full, nil
}

func bindingOf(full string) (Binding, bool) {
	parts := strings.Split(full, "/")
	if len(parts) < 9 {
		return Binding{}, false
	}
	b, ok := bindings[strings.ToLower(parts[6]+"/"+parts[8])]
	return b, ok
}

// PutResource accepts a create or update and starts the job.
func PutResource(w http.ResponseWriter, r *http.Request) {
	sub, full, err := target(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	b, ok := bindingOf(full)
	if !ok {
		http.Error(w, "no bundle for this resource type", http.StatusInternalServerError)
		return
	}
	if cur, err := LoadSpec(sub.String(), full); err == nil && !terminal(cur.Provisioning) {
		http.Error(w, "resource is "+cur.Provisioning, http.StatusConflict)
		return
	}
	var body resourceBody
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	spec := &Spec{
		Inputs:       body.Properties.Parameters,
		Secrets:      body.Properties.Credentials,
		Provisioning: "Accepted",
		Provider:     b.Provider,
		Kind:         b.Kind,
	}
	if err := SaveSpec(sub.String(), full, spec); err != nil { // S
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	jobs <- job{sub: sub, resourceID: full, spec: spec, verb: "install"}
	w.WriteHeader(http.StatusCreated)
}

// The LIST handler: ListResources answers a LIST request for one resource type.
func ListResources(w http.ResponseWriter, r *http.Request) {
	sub, full, err := target(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	b, ok := bindingOf(full + "/x")
	if !ok {
		http.Error(w, "no bundle for this resource type", http.StatusInternalServerError)
		return
	}
	ids, err := listSpecs(sub.String(), b.Provider, b.Kind)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"value": ids})
}

// PollOperation answers GET …/operationStatuses/{id}.
func PollOperation(w http.ResponseWriter, r *http.Request) {
	sub, _, err := target(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	opID := path.Base(r.URL.Path)
	st, err := ReadOp(sub.String(), opID)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	_ = json.NewEncoder(w).Encode(st)
}

func terminal(state string) bool {
	switch state {
	case "Succeeded", "Failed", "Canceled":
		return true
	}
	return false
}
