// Package vnetalloca stores per-node address block allocations of virtual
// networks, the data flow of Azure/azure-sdk-for-go#24109 ("untyped prop diff
// in old vs new table sdk"): rows with two token ids, a VNET resource GUID
// and an AllocationBlockPrefixSize written as a bare number, read back by the
// legacy storage package (where encoding/json makes it a float64) and by
// aztables' EDMEntity (where an untyped whole number becomes an int32), so a
// type assertion written for one client silently fails with the other.
package vnetalloca

import "github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

// Property names of an allocation row.
const (
	PrimaryTokenIDPropertyName   = "PrimaryTokenID"
	SecondaryTokenIDPropertyName = "SecondaryTokenID"
	VNETResourceGUIDPropertyName = "VNETResourceGUID"
	AllocationBlockPrefixSize    = "AllocationBlockPrefixSize"
)

// Allocation is one node's block of a subnet.
type Allocation struct {
	Subnet    string // PartitionKey
	Node      string // RowKey
	Primary   string
	Secondary string
	VNET      string
	PrefixLen int
}

// prefixOf reads the block prefix size whichever client decoded the row:
// int32 from aztables, float64 from the legacy package. Before the fix only
// the float64 case existed and the aztables value was silently dropped.
func prefixOf(v any) (int, bool) {
	switch n := v.(type) {
	case int32:
		return int(n), true
	case float64:
		return int(n), true
	case aztables.EDMInt64:
		return int(n), true
	}
	return 0, false
}

func fromProps(pk, rk string, props map[string]any) Allocation {
	a := Allocation{Subnet: pk, Node: rk}
	a.Primary, _ = props[PrimaryTokenIDPropertyName].(string)
	a.Secondary, _ = props[SecondaryTokenIDPropertyName].(string)
	a.VNET, _ = props[VNETResourceGUIDPropertyName].(string)
	a.PrefixLen, _ = prefixOf(props[AllocationBlockPrefixSize])
	return a
}
