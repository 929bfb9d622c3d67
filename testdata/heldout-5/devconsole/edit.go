package devconsole

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"unicode"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type newRow struct {
	Table string         `json:"table"`
	PK    string         `json:"partitionKey"`
	RK    string         `json:"rowKey"`
	Props map[string]any `json:"props"`
}

// Add (added) inserts a row whose keys come from the JSON body as sent.
func (c *Console) Add(w http.ResponseWriter, r *http.Request) {
	var in newRow
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		reply(w, 400, err.Error())
		return
	}
	svc, err := c.service()
	if err != nil {
		reply(w, 500, err.Error())
		return
	}
	e := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: in.PK, // L: TL201
			RowKey:       in.RK, // L: TL201
		},
		Properties: in.Props,
	}
	b, _ := json.Marshal(e)
	if _, err := svc.NewClient(in.Table).AddEntity(r.Context(), b, nil); err != nil {
		reply(w, 409, err.Error())
		return
	}
	reply(w, 201, "added")
}

var errKey = errors.New("keys may not hold / \\ # ? or control characters")

func validKey(k string) error {
	if k == "" || len(k) > 512 {
		return errKey
	}
	if strings.ContainsAny(k, "/\\#?") || strings.IndexFunc(k, unicode.IsControl) >= 0 {
		return errKey
	}
	return nil
}

// AddChecked (added) is Add's twin: both keys are checked first.
func (c *Console) AddChecked(w http.ResponseWriter, r *http.Request) {
	var in newRow
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		reply(w, 400, err.Error())
		return
	}
	if validKey(in.PK) != nil || validKey(in.RK) != nil {
		reply(w, 400, errKey.Error())
		return
	}
	svc, err := c.service()
	if err != nil {
		reply(w, 500, err.Error())
		return
	}
	e := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: in.PK, // S
			RowKey:       in.RK, // S
		},
		Properties: in.Props,
	}
	b, _ := json.Marshal(e)
	_, _ = svc.NewClient(in.Table).AddEntity(r.Context(), b, nil)
	reply(w, 201, "added")
}

// Remove (added) deletes a row named by form values.
func (c *Console) Remove(w http.ResponseWriter, r *http.Request) {
	svc, err := c.service()
	if err != nil {
		reply(w, 500, err.Error())
		return
	}
	_, err = svc.NewClient(r.PostFormValue("name")).DeleteEntity(r.Context(),
		r.PostFormValue("pk"), // L: TL201
		r.PostFormValue("rk"), // L: TL201
		nil)
	if err != nil {
		reply(w, 404, err.Error())
		return
	}
	reply(w, 200, "removed")
}
