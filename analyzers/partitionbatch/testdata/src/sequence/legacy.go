package sequence

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

type greenhouse struct {
	beds *storage.Table
}

// Each tray of one bench planted by its own request, stopping at the
// first failure.
func (g *greenhouse) plantBench(trays []string) error {
	for _, tray := range trays {
		bed := g.beds.GetEntityReference("bench-7", "tray-"+tray)
		bed.Properties = map[string]interface{}{"Seeded": true}
		if err := bed.InsertOrMerge(nil); err != nil { // want `TL406: InsertOrMerge in a loop writes partition "bench-7" entity by entity`
			return err
		}
	}
	return nil
}

// Two references into one bench, written one after the other.
func (g *greenhouse) pairTrays() error {
	left := g.beds.GetEntityReference("bench-2", "left")
	right := g.beds.GetEntityReference("bench-2", "right")
	if err := left.Insert(storage.NoMetadata, nil); err != nil {
		return err
	}
	return right.Insert(storage.NoMetadata, nil) // want `TL406: 2 writes to partition "bench-2" \(lines 30, 33\)`
}

// One reference moved along the bench: its RowKey changes between the
// writes, so each write is another tray of the same partition.
func (g *greenhouse) shiftTray() error {
	bed := g.beds.GetEntityReference("bench-4", "north")
	err := bed.InsertOrReplace(nil)
	if err != nil {
		return err
	}
	bed.RowKey = "south"
	return bed.InsertOrReplace(nil) // want `TL406: 2 writes to partition "bench-4" \(lines 40, 45\)`
}

// The twins. A reference moved to another bench; the same tray written
// twice; a RowKey changed only on one branch; trays of a bench per
// iteration; a loop that goes on after a failed write: silent.
func (g *greenhouse) moveBench() error {
	bed := g.beds.GetEntityReference("bench-4", "north")
	if err := bed.Insert(storage.NoMetadata, nil); err != nil {
		return err
	}
	bed.PartitionKey = "bench-5"
	return bed.Insert(storage.NoMetadata, nil)
}

func (g *greenhouse) waterTwice() error {
	bed := g.beds.GetEntityReference("bench-4", "north")
	if err := bed.InsertOrReplace(nil); err != nil {
		return err
	}
	return bed.InsertOrMerge(nil)
}

func (g *greenhouse) maybeShift(far bool) error {
	bed := g.beds.GetEntityReference("bench-4", "north")
	if err := bed.Merge(true, nil); err != nil {
		return err
	}
	if far {
		bed.RowKey = "far"
	}
	return bed.Merge(true, nil)
}

func (g *greenhouse) firstTrayEach(benches []int) error {
	for _, b := range benches {
		bed := g.beds.GetEntityReference(fmt.Sprintf("bench-%d", b), "tray-1")
		if err := bed.Insert(storage.NoMetadata, nil); err != nil {
			return err
		}
	}
	return nil
}

func (g *greenhouse) plantBestEffort(trays []string) {
	for _, tray := range trays {
		bed := g.beds.GetEntityReference("bench-7", tray)
		if err := bed.Insert(storage.NoMetadata, nil); err != nil {
			fmt.Println("skipped", tray, err)
		}
	}
}

func (g *greenhouse) suffixTray() error {
	bed := g.beds.GetEntityReference("bench-4", "north")
	if err := bed.Merge(true, nil); err != nil {
		return err
	}
	bed.RowKey += "-b"
	return bed.Merge(true, nil)
}
