package injectmany

import (
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// pick: a variable given a value on twenty branches, more than a value's
// variant bound; the last branch's form value is still seen.
func pick(tc *aztables.Client, r *http.Request) {
	var name string
	switch r.FormValue("k") {
	case "k00":
		name = "bay-00"
	case "k01":
		name = "bay-01"
	case "k02":
		name = "bay-02"
	case "k03":
		name = "bay-03"
	case "k04":
		name = "bay-04"
	case "k05":
		name = "bay-05"
	case "k06":
		name = "bay-06"
	case "k07":
		name = "bay-07"
	case "k08":
		name = "bay-08"
	case "k09":
		name = "bay-09"
	case "k10":
		name = "bay-10"
	case "k11":
		name = "bay-11"
	case "k12":
		name = "bay-12"
	case "k13":
		name = "bay-13"
	case "k14":
		name = "bay-14"
	case "k15":
		name = "bay-15"
	case "k16":
		name = "bay-16"
	case "k17":
		name = "bay-17"
	case "k18":
		name = "bay-18"
	default:
		name = r.FormValue("name")
	}
	f := "PartitionKey eq '" + name + "'" // want `TL321: name \(string\)`
	tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}
