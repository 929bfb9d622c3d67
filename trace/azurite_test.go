package trace

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/tablelint/tablelint/engine/live"
	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/internal/azuritetest"
	"github.com/tablelint/tablelint/internal/devstore"
	"github.com/tablelint/tablelint/internal/tracefmt"
)

// workload is an application: it drives the aztables SDK through every
// kind of trace operation, including failures (409, 404, 412) and a
// query read over several pages.
func workload(t *testing.T, svc *aztables.ServiceClient, table string) {
	ctx := context.Background()
	if _, err := svc.CreateTable(ctx, table, nil); err != nil {
		t.Fatal(err)
	}
	_, _ = svc.CreateTable(ctx, table, nil) // 409
	c := svc.NewClient(table)
	ent := func(pk, rk string, props map[string]any) []byte {
		m := map[string]any{"PartitionKey": pk, "RowKey": rk}
		for k, v := range props {
			m[k] = v
		}
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for p := range 3 {
		for r := range 5 {
			pk, rk := fmt.Sprintf("p%d", p), fmt.Sprintf("%03d", r)
			_, err := c.AddEntity(ctx, ent(pk, rk, map[string]any{"Name": "n" + rk, "Age": r * 10, "Big": "123", "Big@odata.type": "Edm.Int64"}), nil)
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	_, _ = c.AddEntity(ctx, ent("p0", "000", nil), nil) // 409
	_, _ = c.UpsertEntity(ctx, ent("p0", "001", map[string]any{"Age": 99}), &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge})
	_, _ = c.UpsertEntity(ctx, ent("p3", "000", map[string]any{"Age": 1}), &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	_, _ = c.UpdateEntity(ctx, ent("p1", "002", map[string]any{"Age": 5}), nil)
	_, _ = c.UpdateEntity(ctx, ent("p9", "002", map[string]any{"Age": 5}), nil) // 404
	bad := azcore.ETag(`W/"datetime'2001-01-01T00%3A00%3A00Z'"`)
	_, _ = c.UpdateEntity(ctx, ent("p1", "003", nil), &aztables.UpdateEntityOptions{IfMatch: &bad}) // 412
	if got, err := c.GetEntity(ctx, "p2", "004", nil); err == nil {
		// The ETag of Azurite's entity: the replay holds the engine's.
		_, _ = c.UpdateEntity(ctx, ent("p2", "004", map[string]any{"Age": 7}), &aztables.UpdateEntityOptions{IfMatch: &got.ETag, UpdateMode: aztables.UpdateModeReplace})
		_, _ = c.DeleteEntity(ctx, "p2", "003", &aztables.DeleteEntityOptions{IfMatch: &got.ETag}) // 412: another entity's ETag
	}
	_, _ = c.GetEntity(ctx, "p2", "it's missing", nil) // 404
	_, _ = c.DeleteEntity(ctx, "p2", "000", nil)
	_, _ = c.DeleteEntity(ctx, "p2", "000", nil) // 404
	for _, f := range []string{"", "PartitionKey eq 'p1'", "Age ge 20 and Age lt 40", "Name eq 'n003' or RowKey eq '000'"} {
		top := int32(2)
		o := &aztables.ListEntitiesOptions{Top: &top}
		if f != "" {
			o.Filter = &f
		}
		pager := c.NewListEntitiesPager(o)
		for pager.More() {
			if _, err := pager.NextPage(ctx); err != nil {
				break
			}
		}
	}
	// $select without the keys: Azurite answers the selected properties
	// only, and the recorder writes the number of entities.
	for _, sel := range []string{"Age", "PartitionKey,RowKey,Name"} {
		f := "PartitionKey eq 'p1'"
		pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Select: &sel})
		for pager.More() {
			if _, err := pager.NextPage(ctx); err != nil {
				break
			}
		}
	}
	badFilter := "Age eq"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &badFilter})
	_, _ = pager.NextPage(ctx) // 400
	actions := []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: ent("p4", "a", map[string]any{"X": 1})},
		{ActionType: aztables.TransactionTypeInsertMerge, Entity: ent("p4", "b", map[string]any{"X": 2})},
		{ActionType: aztables.TransactionTypeInsertReplace, Entity: ent("p4", "c", nil)},
	}
	if _, err := c.SubmitTransaction(ctx, actions, nil); err != nil {
		t.Fatal(err)
	}
	del := []aztables.TransactionAction{{ActionType: aztables.TransactionTypeDelete, Entity: ent("p4", "a", nil)},
		{ActionType: aztables.TransactionTypeUpdateMerge, Entity: ent("p4", "zz", nil)}} // 404 inside
	_, _ = c.SubmitTransaction(ctx, del, nil)
	pager = c.NewListEntitiesPager(&aztables.ListEntitiesOptions{})
	for pager.More() {
		if _, err := pager.NextPage(ctx); err != nil {
			break
		}
	}
	if _, err := svc.DeleteTable(ctx, table, nil); err != nil {
		t.Fatal(err)
	}
}

// TestAzuriteRecordReplay records a workload run through the aztables
// SDK against Azurite, replays the recorded trace on the reference
// engine and compares, operation by operation, the status and the keys
// returned with what Azurite answered while recording.
func TestAzuriteRecordReplay(t *testing.T) {
	ep := azuritetest.Endpoint(t)
	for _, redact := range []bool{false, true} {
		t.Run(fmt.Sprintf("redact=%v", redact), func(t *testing.T) {
			var traceBuf, observed bytes.Buffer
			rec := New(&traceBuf, Options{Redact: redact, Results: &observed})
			cred, err := aztables.NewSharedKeyCredential(devstore.Account, devstore.Key)
			if err != nil {
				t.Fatal(err)
			}
			opts := &aztables.ClientOptions{ClientOptions: azcore.ClientOptions{
				Retry:           policy.RetryOptions{MaxRetries: -1},
				PerCallPolicies: []policy.Policy{rec},
			}}
			svc, err := aztables.NewServiceClientWithSharedKey(ep, cred, opts)
			if err != nil {
				t.Fatal(err)
			}
			table := fmt.Sprintf("Rec%d", time.Now().UnixNano()%1_000_000_000)
			workload(t, svc, table)
			if err := rec.Close(); err != nil {
				t.Fatal(err)
			}
			st := rec.Stats()
			if st.Recorded < 30 || st.Dropped != 0 {
				t.Fatalf("stats %+v: want every operation recorded", st)
			}
			if redact && strings.Contains(traceBuf.String(), `"n003"`) {
				t.Errorf("redacted trace holds a property value:\n%s", traceBuf.String())
			}

			var replayed bytes.Buffer
			eng := replay.NewEngine(replay.EngineOptions{Keys: true})
			if _, err := replay.Run(tracefmt.NewReader(bytes.NewReader(traceBuf.Bytes()), "recorded"), eng, replay.Options{Duration: 60, Results: &replayed}); err != nil {
				t.Fatalf("replaying the recorded trace: %v\n%s", err, traceBuf.String())
			}
			a, err := ReadResults(&observed, "observed")
			if err != nil {
				t.Fatal(err)
			}
			b, err := ReadResults(&replayed, "replayed")
			if err != nil {
				t.Fatal(err)
			}
			if len(a) != int(st.Recorded) {
				t.Errorf("%d observed results for %d recorded operations", len(a), st.Recorded)
			}
			lines := strings.Split(traceBuf.String(), "\n")
			for _, m := range Compare(a, b) {
				// Redaction changes property values (documented): a
				// query filtering on them finds other entities.
				if redact && m.Missing == "" && sameStatus(m.A.Status, m.B.Status) &&
					(strings.Contains(lines[m.I], "Age") || strings.Contains(lines[m.I], "Name")) {
					continue
				}
				t.Errorf("%s\n  %s", m, lines[m.I])
			}

			// The recorded trace replayed on Azurite (scratch tables,
			// 4 workers) answers as Azurite did while recording.
			if !redact {
				lsvc, err := live.NewClient(ep, "UseDevelopmentStorage=true")
				if err != nil {
					t.Fatal(err)
				}
				var liveRes bytes.Buffer
				if _, err := live.Run(context.Background(), lsvc, tracefmt.NewReader(bytes.NewReader(traceBuf.Bytes()), "recorded"),
					live.Options{Concurrency: 4, Scratch: true, Results: &liveRes}); err != nil {
					t.Fatal(err)
				}
				c, err := ReadResults(&liveRes, "live")
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range Compare(a, c) {
					t.Errorf("live replay: %s\n  %s", m, lines[m.I])
				}
			}
			if t.Failed() {
				t.Logf("trace:\n%s", traceBuf.String())
			}
		})
	}
}
