// Package placementc records how many throughput units each inference model
// asked for and which compute slot serves it. Two tables share one constant
// PartitionKey: Models (one row per model, random RowKey) and Slots (one row
// per compute slot).
package placementc

import (
	"log"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

var (
	modelsTbl *aztables.Client
	slotsTbl  *aztables.Client
	groupKey  string
)

// modelRow is a model's request.
type modelRow struct {
	aztables.Entity
	Model          string
	Slot           string
	Units          int32
	UnitsChangedAt aztables.EDMDateTime // S
}

// slotRow is a compute slot and the models placed on it (comma-joined).
type slotRow struct {
	aztables.Entity
	Slot      string
	Models    string
	UnitsUsed int32
	UnitsCap  int32
	TimeStamp aztables.EDMDateTime // L: TL115
}

func init() {
	conn, ok := os.LookupEnv("PLACEMENT_STORAGE_CONNECTION")
	if !ok {
		log.Println("PLACEMENT_STORAGE_CONNECTION is not set")
		return
	}
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil) // S
	if err != nil {
		log.Println("table service client:", err)
		return
	}
	modelsTbl = svc.NewClient("Models") // S
	slotsTbl = svc.NewClient("Slots")   // S
	groupKey = "placement"
}
