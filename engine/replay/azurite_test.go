package replay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// The well-known development account of the Azure Storage emulators.
const (
	azDevAccount = "devstoreaccount1"
	azDevKey     = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
)

// azuriteService returns a client of the Azurite Table endpoint in
// TABLELINT_AZURITE_TABLE_ENDPOINT, or skips (fails when
// TABLELINT_REQUIRE_AZURITE=1).
func azuriteService(tb testing.TB) *aztables.ServiceClient {
	tb.Helper()
	ep := os.Getenv("TABLELINT_AZURITE_TABLE_ENDPOINT")
	if ep == "" {
		if os.Getenv("TABLELINT_REQUIRE_AZURITE") == "1" {
			tb.Fatal("TABLELINT_REQUIRE_AZURITE=1 but TABLELINT_AZURITE_TABLE_ENDPOINT is not set")
		}
		tb.Skip("TABLELINT_AZURITE_TABLE_ENDPOINT not set (scripts/test.sh starts Azurite)")
	}
	cred, err := aztables.NewSharedKeyCredential(azDevAccount, azDevKey)
	if err != nil {
		tb.Fatal(err)
	}
	opts := &aztables.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: -1}}}
	svc, err := aztables.NewServiceClientWithSharedKey(ep, cred, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return svc
}

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

func (a *azEngine) Do(op *Op, out *Outcome) {
	out.Pages = 1
	c := a.svc.NewClient(op.Table)
	var err error
	switch op.Kind {
	case CreateTable:
		_, err = a.svc.CreateTable(a.ctx, op.Table, nil)
		out.Status = azStatus(err, http.StatusCreated)
	case DeleteTable:
		_, err = a.svc.DeleteTable(a.ctx, op.Table, nil)
		out.Status = azStatus(err, http.StatusNoContent)
	case Insert:
		_, err = c.AddEntity(a.ctx, op.Entity, nil)
		out.Status = azStatus(err, http.StatusCreated)
	case Upsert:
		_, err = c.UpsertEntity(a.ctx, op.Entity, &aztables.UpsertEntityOptions{UpdateMode: azMode(op.Mode)})
		out.Status = azStatus(err, http.StatusNoContent)
	case Update:
		o := &aztables.UpdateEntityOptions{UpdateMode: azMode(op.Mode)}
		if op.IfMatch != "" {
			e := azcore.ETag(op.IfMatch)
			o.IfMatch = &e
		}
		_, err = c.UpdateEntity(a.ctx, op.Entity, o)
		out.Status = azStatus(err, http.StatusNoContent)
	case Delete:
		o := &aztables.DeleteEntityOptions{}
		if op.IfMatch != "" {
			e := azcore.ETag(op.IfMatch)
			o.IfMatch = &e
		}
		_, err = c.DeleteEntity(a.ctx, op.PK, op.RK, o)
		out.Status = azStatus(err, http.StatusNoContent)
	case Get:
		var r aztables.GetEntityResponse
		r, err = c.GetEntity(a.ctx, op.PK, op.RK, nil)
		out.Status = azStatus(err, http.StatusOK)
		if err == nil {
			out.Scanned, out.Returned = 1, 1
			if a.keys {
				out.Keys = append(out.Keys, entityKeys(r.Value))
			}
		}
	case Query:
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
	case Batch:
		var actions []aztables.TransactionAction
		for _, x := range op.Actions {
			ta := aztables.TransactionAction{Entity: x.Entity}
			switch {
			case x.Kind == Insert:
				ta.ActionType = aztables.TransactionTypeAdd
			case x.Kind == Upsert && x.Mode == Replace:
				ta.ActionType = aztables.TransactionTypeInsertReplace
			case x.Kind == Upsert:
				ta.ActionType = aztables.TransactionTypeInsertMerge
			case x.Kind == Update && x.Mode == Replace:
				ta.ActionType = aztables.TransactionTypeUpdateReplace
			case x.Kind == Update:
				ta.ActionType = aztables.TransactionTypeUpdateMerge
			case x.Kind == Delete:
				ta.ActionType = aztables.TransactionTypeDelete
				if ta.Entity == nil {
					ta.Entity, _ = json.Marshal(map[string]string{"PartitionKey": x.PK, "RowKey": x.RK})
				}
			}
			if x.IfMatch != "" {
				e := azcore.ETag(x.IfMatch)
				ta.IfMatch = &e
			}
			actions = append(actions, ta)
		}
		_, err = c.SubmitTransaction(a.ctx, actions, nil)
		out.Status = azStatus(err, http.StatusAccepted)
	}
}

func azMode(m Mode) aztables.UpdateMode {
	if m == Replace {
		return aztables.UpdateModeReplace
	}
	return aztables.UpdateModeMerge
}

func entityKeys(raw []byte) [2]string {
	var k struct{ PartitionKey, RowKey string }
	_ = json.Unmarshal(raw, &k)
	return [2]string{k.PartitionKey, k.RowKey}
}

// recorder wraps an Engine and keeps every outcome.
type recorder struct {
	Engine
	outs []Outcome
}

func (r *recorder) Do(op *Op, out *Outcome) {
	r.Engine.Do(op, out)
	c := *out
	c.Keys = append([][2]string(nil), out.Keys...)
	c.Load = nil
	r.outs = append(r.outs, c)
}

// azTrace is benchTrace on a table of its own.
func azTrace(n, parts int, seed uint64) []byte {
	return bytes.ReplaceAll(benchTrace(n, parts, seed), []byte(`"table":"Bench"`), []byte(`"table":"`+uniqueTable("Replay")+`"`))
}

// TestAzuriteReplay replays a generated trace on Azurite and on the
// reference engine and compares every operation's status and the keys
// it returned, in order. (Pages differ by a recorded deviation: Azurite's
// pages span partitions; see engine/conformance/DEVIATIONS.md.)
func TestAzuriteReplay(t *testing.T) {
	svc := azuriteService(t)
	trace := azTrace(400, 10, 7)
	az := &recorder{Engine: &azEngine{svc: svc, ctx: context.Background(), keys: true}}
	ref := &recorder{Engine: NewEngine(EngineOptions{Keys: true})}
	for _, e := range []Engine{az, ref} {
		if _, err := Run(NewReader(bytes.NewReader(trace), "az"), e, Options{Duration: 10}); err != nil {
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
	svc := azuriteService(b)
	for b.Loop() {
		b.StopTimer()
		trace := azTrace(10_000, 50, 2)
		b.StartTimer()
		if _, err := Run(NewReader(bytes.NewReader(trace), "az"), &azEngine{svc: svc, ctx: context.Background(), keys: true}, Options{Duration: 60}); err != nil {
			b.Fatal(err)
		}
	}
}
