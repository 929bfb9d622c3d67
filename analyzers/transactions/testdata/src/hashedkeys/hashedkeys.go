package hashedkeys

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Reading is one sensor reading.
type Reading struct {
	Sensor string
	Seq    string
	Value  float64
}

// shard spreads sensors over partitions by a digest of the name.
func shard(name string) string {
	d := sha256.Sum256([]byte(name))
	return hex.EncodeToString(d[:8])
}

// action lays one reading out as an insert, its partition the digest of
// its sensor.
func action(r Reading) aztables.TransactionAction {
	b, _ := json.Marshal(map[string]any{"PartitionKey": shard(r.Sensor), "RowKey": r.Seq, "v": r.Value})
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b}
}

// Every reading in one transaction, whatever its sensor: each action's
// partition is a digest of a field of the loop's element.
func store(ctx context.Context, tc *aztables.Client, rs []Reading) error {
	acts := make([]aztables.TransactionAction, 0, len(rs))
	for _, r := range rs {
		acts = append(acts, action(r))
	}
	_, err := tc.SubmitTransaction(ctx, acts, nil) // want `TL401: this transaction gets one action per element of rs` `TL403: the loop on line 36 gives each action its own PartitionKey`
	return err
}

// actionFor digests a name fixed by the caller.
func actionFor(sensor string, r Reading) aztables.TransactionAction {
	b, _ := json.Marshal(map[string]any{"PartitionKey": shard(sensor), "RowKey": r.Seq, "v": r.Value})
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b}
}

// Silent for TL403: one sensor's readings, the partition the same digest
// every time (their number is still not bounded: TL401).
func storeOne(ctx context.Context, tc *aztables.Client, sensor string, rs []Reading) error {
	acts := make([]aztables.TransactionAction, 0, len(rs))
	for _, r := range rs {
		acts = append(acts, actionFor(sensor, r))
	}
	_, err := tc.SubmitTransaction(ctx, acts, nil) // want `^TL401: this transaction gets one action per element of rs`
	return err
}
