package goodnames

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Employee struct {
	aztables.Entity
	LastName  string `json:"lastName"`
	Prénom    string
	Count     int64  `json:",string"`
	CountType string `json:"Count@odata.type"`
	Secret    string `json:"-"`
	private   string
	Created   time.Time
}

// Not an entity: no RowKey.
type Config struct {
	PartitionKey string
	Max_Items    int `json:"max-items"`
}

// Timestamps as time or string.
type Row struct {
	PartitionKey string
	RowKey       string
	Timestamp    time.Time
}

type Raw struct {
	PartitionKey string
	RowKey       string
	Timestamp    string
}

// EDMEntity and annotations.
func edm(id string) aztables.EDMEntity {
	return aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "p", RowKey: id}, Properties: map[string]any{"Any-Name": 1}}
}

func annotated(id string, n int64) map[string]any {
	return map[string]any{"PartitionKey": "p", "RowKey": id, "N": n, "N@odata.type": "Edm.Int64"}
}

// Not an entity map.
func headers() map[string]string {
	return map[string]string{"Content-Type": "application/json", "x-ms-version": "2019-02-02"}
}
