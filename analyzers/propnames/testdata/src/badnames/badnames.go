package badnames

import "github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

type Employee struct {
	aztables.Entity
	LastName string `json:"Last-Name"`      // want `TL112: property name "Last-Name" contains a dash, which the Table service rejects$`
	Rating   int    `json:"Manager Rating"` // want `TL111: property name "Manager Rating" is not a C# identifier`
	First    string `json:"1stName"`        // want `TL111: property name "1stName"`
	Email    string
	PayRate  int    `json:"Pay\u200bRate"` // want `TL111: property name "Pay\\u200bRate" contains the character U\+200B, which XML names cannot`
	Joined   int    `json:"Pay\u200cRate"` // ZWNJ: a C# identifier and an XML name
	EMail    string // want `TL115: property names "EMail" and "Email" \(line 10\) differ only in case$`
	Private  string `json:"x\uE000"`                                                                                                                                                                                                                                                          // want `TL113: property name .* contains the character U\+E000`
	Long     string `json:"PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP"` // want `TL110: property name "PPPPPPPPPPPPPPPPPPPP"… is 256 characters long; the limit is 255`
}

// Long names are clipped, and a message they would make too long leaves
// the other name out.
type Audit struct {
	aztables.Entity
	ApprovedByRegionalComplianceOfficerOnBehalfOf string
	ApprovedByRegionalComplianceOfficerOnBehalfof string // want `^TL115: property name "ApprovedByRegionalComplianceOfficerOnBe…" differs only in case from line 22$`
}

type Event struct {
	PartitionKey string
	RowKey       string
	Timestamp    int64 // want `TL114: Timestamp, a system property the service sets, is a int64 here$`
}

func row(id string) map[string]any {
	return map[string]any{
		"PartitionKey": 42, // want `TL114: PartitionKey, a system property that holds a string, is a int here$`
		"RowKey":       id,
		"Unit-Price":   3, // want `TL112`
		"unit_price":   3,
		"Unit_Price":   4, // want `TL115`
	}
}
