// Package configequal: a request value compared with configuration (a
// field of the server, a package setting, the environment) before every
// use is that configuration's value: its keys are not the request's.
// A comparison that only turns the configured value away, one with
// another request value, and a use before the comparison leave the key
// the request's.
package configequal

import (
	"net/http"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type settings struct{ Region string }

var site = &settings{Region: "west"}

type observatory struct {
	logs    *aztables.Client
	station string
}

func (o *observatory) own(w http.ResponseWriter, r *http.Request) {
	station := r.Header.Get("X-Station")
	if station != o.station {
		http.Error(w, "not ours", http.StatusForbidden)
		return
	}
	_, _ = o.logs.GetEntity(r.Context(), station, "latest", nil)
}

func (o *observatory) regional(w http.ResponseWriter, r *http.Request) {
	region, night := r.PathValue("region"), r.PathValue("night")
	if region != site.Region || night != os.Getenv("NIGHT") {
		return
	}
	_, _ = o.logs.DeleteEntity(r.Context(), region, night, nil)
}

func (o *observatory) others(w http.ResponseWriter, r *http.Request) {
	station := r.Header.Get("X-Station")
	if station == o.station {
		return
	}
	_, _ = o.logs.GetEntity(r.Context(), station, "latest", nil) // want `TL201: PartitionKey comes from the request \(r.Header.Get\) unchecked`
}

func (o *observatory) paired(w http.ResponseWriter, r *http.Request) {
	station := r.Header.Get("X-Station")
	if station != r.URL.Query().Get("station") {
		return
	}
	_, _ = o.logs.GetEntity(r.Context(), station, "latest", nil) // want `TL201: PartitionKey comes from the request \(r.Header.Get\) unchecked`
}

func (o *observatory) late(w http.ResponseWriter, r *http.Request) {
	station := r.Header.Get("X-Station")
	_, _ = o.logs.GetEntity(r.Context(), station, "first", nil) // want `TL201: PartitionKey comes from the request \(r.Header.Get\) unchecked`
	if station != o.station {
		return
	}
}
