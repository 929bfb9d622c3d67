package store

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"github.com/tablelint/tablelint/edm"
)

// TestWireSizeMatchesSDK checks Entity.WireSize against the JSON body the
// aztables SDK writes for the same entity.
func TestWireSizeMatchesSDK(t *testing.T) {
	when := time.Date(2024, 5, 6, 7, 8, 9, 120000000, time.UTC)
	guid := "0f8fad5b-d9cb-469f-a165-70867728950e"
	for _, v := range []struct {
		mine edm.Value
		sdk  any
	}{
		{edm.StringValue("Ada <Lovelace> & \"co\"\n日本"), "Ada <Lovelace> & \"co\"\n日本"},
		{edm.BinaryValue([]byte{1, 2, 3, 4, 5}), aztables.EDMBinary([]byte{1, 2, 3, 4, 5})},
		{edm.Value{Type: edm.Int32, Int: math.MinInt32}, int32(math.MinInt32)},
		{edm.Value{Type: edm.Int64, Int: math.MaxInt64}, aztables.EDMInt64(math.MaxInt64)},
		{edm.Value{Type: edm.Double, Float: 0.1}, 0.1},
		{edm.Value{Type: edm.Double, Float: 1e300}, 1e300},
		{edm.Value{Type: edm.Boolean, Bool: true}, true},
		{edm.DateTimeValue(when), aztables.EDMDateTime(when)},
		{edm.Value{Type: edm.Guid, Str: guid}, aztables.EDMGUID(guid)},
	} {
		pk, rk := "dept 7 & co", "o'brien"
		e := mustEntity(t, pk, rk, prop("Value", v.mine))
		b, err := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: pk, RowKey: rk}, Properties: map[string]any{"Value": v.sdk}})
		if err != nil {
			t.Fatal(err)
		}
		if got := e.WireSize(); got != len(b) {
			t.Errorf("%v: WireSize = %d, the SDK writes %d bytes: %s", v.mine, got, len(b), b)
		}
	}
}
