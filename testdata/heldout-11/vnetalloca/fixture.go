package vnetalloca

import (
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// sampleRow is the payload of the reporter's unit test: a row as the service
// returns it, with the prefix size carrying no type information. It is only
// decoded, never written.
func sampleRow() (Allocation, error) {
	raw := map[string]any{
		"PartitionKey":               "partitionA", // S
		"RowKey":                     "row1",
		"Timestamp":                  "2021-07-10T13:45:30.1234567Z", // S
		PrimaryTokenIDPropertyName:   "primarycontextid1",
		SecondaryTokenIDPropertyName: "primarycontextid1",
		VNETResourceGUIDPropertyName: "vnetguid1",
		AllocationBlockPrefixSize:    32, // S
	}
	buf, err := json.Marshal(raw)
	if err != nil {
		return Allocation{}, err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(buf, &e); err != nil {
		return Allocation{}, err
	}
	return fromProps(e.PartitionKey, e.RowKey, e.Properties), nil
}
