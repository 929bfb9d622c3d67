package replay_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/tablelint/tablelint/engine/live"
	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/internal/azuritetest"
	"github.com/tablelint/tablelint/internal/tracefmt"
)

var azTableSeq atomic.Int64

// uniqueTable returns a table name not used before in this Azurite.
func uniqueTable(prefix string) string {
	return fmt.Sprintf("%s%d%d", prefix, time.Now().UnixNano()%1_000_000_000, azTableSeq.Add(1))
}

// azEngine runs trace operations on Azurite through the aztables SDK.
// It sees what a client sees: statuses, entities and pages, not the
// entities the server scanned (Scanned is the number returned).
type azEngine struct {
	svc  *aztables.ServiceClient
	ctx  context.Context
	keys bool
}

func azStatus(err error, ok int) int {
	if err == nil {
		return ok
	}
	var re *azcore.ResponseError
	if errors.As(err, &re) {
		return re.StatusCode
	}
	return -1
}

func (a *azEngine) Do(op *tracefmt.Op, out *replay.Outcome) {
	out.Pages = 1
	c := a.svc.NewClient(op.Table)
	var err error
	switch op.Kind {
	case tracefmt.CreateTable:
		_, err = a.svc.CreateTable(a.ctx, op.Table, nil)
		out.Status = azStatus(err, http.StatusCreated)
	case tracefmt.DeleteTable:
		_, err = a.svc.DeleteTable(a.ctx, op.Table, nil)
		out.Status = azStatus(err, http.StatusNoContent)
	case tracefmt.Insert:
		_, err = c.AddEntity(a.ctx, op.Entity, nil)
		out.Status = azStatus(err, http.StatusCreated)
	case tracefmt.Upsert:
		_, err = c.UpsertEntity(a.ctx, op.Entity, &aztables.UpsertEntityOptions{UpdateMode: live.UpdateMode(op.Mode)})
		out.Status = azStatus(err, http.StatusNoContent)
	case tracefmt.Update:
		o := &aztables.UpdateEntityOptions{UpdateMode: live.UpdateMode(op.Mode)}
		if op.IfMatch != "" {
			e := azcore.ETag(op.IfMatch)
			o.IfMatch = &e
		}
		_, err = c.UpdateEntity(a.ctx, op.Entity, o)
		out.Status = azStatus(err, http.StatusNoContent)
	case tracefmt.Delete:
		o := &aztables.DeleteEntityOptions{}
		if op.IfMatch != "" {
			e := azcore.ETag(op.IfMatch)
			o.IfMatch = &e
		}
		_, err = c.DeleteEntity(a.ctx, op.PK, op.RK, o)
		out.Status = azStatus(err, http.StatusNoContent)
	case tracefmt.Get:
		var r aztables.GetEntityResponse
		r, err = c.GetEntity(a.ctx, op.PK, op.RK, nil)
		out.Status = azStatus(err, http.StatusOK)
		if err == nil {
			out.Scanned, out.Returned = 1, 1
			if a.keys {
				out.Keys = append(out.Keys, entityKeys(r.Value))
			}
		}
	case tracefmt.Query:
		o := &aztables.ListEntitiesOptions{}
		if op.Filter != "" {
			o.Filter = &op.Filter
		}
		if op.Top != 0 {
			t := int32(op.Top)
			o.Top = &t
		}
		out.Pages = 0
		out.Status = http.StatusOK
		pager := c.NewListEntitiesPager(o)
		for pager.More() {
			pg, err := pager.NextPage(a.ctx)
			if err != nil {
				out.Status = azStatus(err, http.StatusOK)
				out.Keys = out.Keys[:0]
				break
			}
			out.Pages++
			out.Returned += len(pg.Entities)
			if a.keys {
				for _, raw := range pg.Entities {
					out.Keys = append(out.Keys, entityKeys(raw))
				}
			}
		}
		out.Scanned = out.Returned
	case tracefmt.Batch:
		actions := live.TransactionActions(op.Actions)
		_, err = c.SubmitTransaction(a.ctx, actions, nil)
		out.Status = azStatus(err, http.StatusAccepted)
	}
}

func entityKeys(raw []byte) [2]string {
	var k struct{ PartitionKey, RowKey string }
	_ = json.Unmarshal(raw, &k)
	return [2]string{k.PartitionKey, k.RowKey}
}

// recorder wraps a replay.Engine and keeps every outcome.
type recorder struct {
	replay.Engine
	outs []replay.Outcome
}

func (r *recorder) Do(op *tracefmt.Op, out *replay.Outcome) {
	r.Engine.Do(op, out)
	c := *out
	c.Keys = append([][2]string(nil), out.Keys...)
	c.Load = nil
	r.outs = append(r.outs, c)
}

// azTrace is benchTrace on a table of its own.
func azTrace(n, parts int, seed uint64) []byte {
	return bytes.ReplaceAll(replay.BenchTrace(n, parts, seed), []byte(`"table":"Bench"`), []byte(`"table":"`+uniqueTable("Replay")+`"`))
}

// TestAzuriteReplay replays a generated trace on Azurite and on the
// reference engine and compares every operation's status and the keys
// it returned, in order. (Pages differ by a recorded deviation: Azurite's
// pages span partitions; see engine/conformance/DEVIATIONS.md.)
func TestAzuriteReplay(t *testing.T) {
	svc := azuritetest.Service(t, nil)
	trace := azTrace(400, 10, 7)
	az := &recorder{Engine: &azEngine{svc: svc, ctx: context.Background(), keys: true}}
	ref := &recorder{Engine: replay.NewEngine(replay.EngineOptions{Keys: true})}
	for _, e := range []replay.Engine{az, ref} {
		if _, err := replay.Run(tracefmt.NewReader(bytes.NewReader(trace), "az"), e, replay.Options{Duration: 10}); err != nil {
			t.Fatal(err)
		}
	}
	if len(az.outs) != len(ref.outs) {
		t.Fatalf("%d vs %d outcomes", len(az.outs), len(ref.outs))
	}
	lines := bytes.Split(trace, []byte("\n"))
	bad := 0
	for i := range az.outs {
		a, r := az.outs[i], ref.outs[i]
		if a.Status != r.Status || fmt.Sprint(a.Keys) != fmt.Sprint(r.Keys) {
			bad++
			if bad <= 10 {
				t.Errorf("op %d %s:\n  azurite %d %v\n  engine  %d %v", i, lines[i], a.Status, a.Keys, r.Status, r.Keys)
			}
		}
	}
}

// BenchmarkAzuriteReplay10k replays the 10,000-operation trace of
// BenchmarkReplay10k through Azurite; the ratio of the two is the
// engine's speed-up over the emulator.
func BenchmarkAzuriteReplay10k(b *testing.B) {
	svc := azuritetest.Service(b, nil)
	for b.Loop() {
		b.StopTimer()
		trace := azTrace(10_000, 50, 2)
		b.StartTimer()
		if _, err := replay.Run(tracefmt.NewReader(bytes.NewReader(trace), "az"), &azEngine{svc: svc, ctx: context.Background(), keys: true}, replay.Options{Duration: 60}); err != nil {
			b.Fatal(err)
		}
	}
}
