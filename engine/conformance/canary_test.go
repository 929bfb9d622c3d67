package conformance

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/tablelint/tablelint/engine/exec"
	"github.com/tablelint/tablelint/engine/store"
)

// canary shows one deviation: it returns what Azurite did and what the
// engine did, and whether they still differ as DEVIATIONS.md says.
type canary func(t *testing.T, c *aztables.Client, tb *store.Table) (azurite, engine string, deviates bool)

// both inserts raw JSON entities on both sides.
func both(t *testing.T, c *aztables.Client, tb *store.Table, entities ...string) {
	t.Helper()
	for _, j := range entities {
		if _, err := c.AddEntity(ctx, []byte(j), nil); err != nil {
			t.Fatalf("azurite insert %s: %v", j, err)
		}
		e, err := store.DecodeJSON([]byte(j))
		if err == nil {
			_, err = tb.Insert(e)
		}
		if err != nil {
			t.Fatalf("engine insert %s: %v", j, err)
		}
	}
}

// queryBoth runs a query on both sides and renders the pages' keys.
func queryBoth(c *aztables.Client, tb *store.Table, x *exec.Executor, filter string, top int) (string, string) {
	az := azQuery(c, filter, top, nil)
	en, _ := engQuery(x, tb, filter, top, nil)
	render := func(r queryResult) string {
		return fmt.Sprintf("%d pages=%v keys=%v", r.status, r.pages, r.keys)
	}
	return render(az), render(en)
}

func insertBoth(c *aztables.Client, tb *store.Table, j string) (string, string) {
	_, err := c.AddEntity(ctx, []byte(j), nil)
	a := azOutcome(err, 201)
	e, eerr := store.DecodeJSON([]byte(j))
	if eerr == nil {
		_, eerr = tb.Insert(e)
	}
	return a.String(), engOutcome(store.OpInsert, eerr).String()
}

var service = exec.New(exec.Options{})
var azuriteMode = exec.New(exec.Options{NoPartitionBoundary: true})

var canaries = map[string]canary{
	"no-partition-boundary": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		both(t, c, tb, `{"PartitionKey":"p","RowKey":"1"}`, `{"PartitionKey":"q","RowKey":"1"}`)
		a, e := queryBoth(c, tb, service, "", 0)
		return a, e, strings.Contains(a, "pages=[2]") && strings.Contains(e, "pages=[1 1]")
	},
	"full-page-lookahead": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		both(t, c, tb, `{"PartitionKey":"p","RowKey":"1","N":1}`, `{"PartitionKey":"p","RowKey":"2","N":2}`, `{"PartitionKey":"p","RowKey":"3","N":9}`)
		a, e := queryBoth(c, tb, azuriteMode, "N lt 5", 2)
		return a, e, strings.Contains(a, "pages=[2]") && strings.Contains(e, "pages=[2 0]")
	},
	"cross-type-comparison": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		both(t, c, tb, `{"PartitionKey":"p","RowKey":"1","N":5}`, `{"PartitionKey":"p","RowKey":"2","N":"5","N@odata.type":"Edm.Int64"}`)
		a, e := queryBoth(c, tb, azuriteMode, "N eq 5.0 or N eq '5'", 0)
		return a, e, strings.Contains(a, "keys=[p|1 p|2]") && strings.Contains(e, "keys=[]")
	},
	"int64-literal-500": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		both(t, c, tb, `{"PartitionKey":"p","RowKey":"1","N":5}`, `{"PartitionKey":"p","RowKey":"2","N":"5","N@odata.type":"Edm.Int64"}`)
		a, e := queryBoth(c, tb, azuriteMode, "N eq 5L", 0)
		return a, e, strings.HasPrefix(a, "500") && strings.Contains(e, "keys=[p|2]")
	},
	"binary-order": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		both(t, c, tb, `{"PartitionKey":"p","RowKey":"1","X":"BQ==","X@odata.type":"Edm.Binary"}`)
		a, e := queryBoth(c, tb, azuriteMode, "X lt X'ff'", 0)
		return a, e, strings.Contains(a, "keys=[]") && strings.Contains(e, "keys=[p|1]")
	},
	"empty-key-continuation": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		both(t, c, tb, `{"PartitionKey":"","RowKey":"1"}`, `{"PartitionKey":"","RowKey":"2"}`)
		a, e := queryBoth(c, tb, azuriteMode, "", 1)
		return a, e, strings.Contains(a, "keys=[|1]") && strings.Contains(e, "keys=[|1 |2]")
	},
	"datetime-ms": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		both(t, c, tb, `{"PartitionKey":"p","RowKey":"1","T":"2024-01-01T00:00:00.1234567Z","T@odata.type":"Edm.DateTime"}`)
		a, e := queryBoth(c, tb, azuriteMode, "T eq datetime'2024-01-01T00:00:00.123Z'", 0)
		return a, e, strings.Contains(a, "keys=[p|1]") && strings.Contains(e, "keys=[]")
	},
	"guid-case": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		both(t, c, tb, `{"PartitionKey":"p","RowKey":"1","G":"ABCDEF01-2345-6789-ABCD-EF0123456789","G@odata.type":"Edm.Guid"}`)
		a, e := queryBoth(c, tb, azuriteMode, "G eq guid'abcdef01-2345-6789-abcd-ef0123456789'", 0)
		return a, e, strings.Contains(a, "keys=[]") && strings.Contains(e, "keys=[p|1]")
	},
	"invalid-key-in-url-500": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		mode := aztables.UpdateModeReplace
		_, err := c.UpsertEntity(ctx, []byte(`{"PartitionKey":"p","RowKey":"a/b"}`), &aztables.UpsertEntityOptions{UpdateMode: mode})
		a := azOutcome(err, 204).String()
		_, eerr := store.DecodeJSON([]byte(`{"PartitionKey":"p","RowKey":"a/b"}`))
		e := engOutcome(store.OpUpsert, eerr).String()
		return a, e, strings.HasPrefix(a, "500") && strings.HasPrefix(e, "400 InvalidInput")
	},
	"integral-double-untyped": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		j := `{"PartitionKey":"p","RowKey":"1","D":2,"D@odata.type":"Edm.Double"}`
		both(t, c, tb, j)
		full := aztables.MetadataFormatFull
		r, err := c.GetEntity(ctx, "p", "1", &aztables.GetEntityOptions{Format: &full})
		if err != nil {
			t.Fatal(err)
		}
		e := string(tb.Lookup("p", "1").AppendJSON(nil, []string{"D"}))
		return string(r.Value), e, !strings.Contains(string(r.Value), `"D@odata.type":"Edm.Double"`) && strings.Contains(e, `"D@odata.type":"Edm.Double"`)
	},
	"too-many-properties": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		var b strings.Builder
		for i := range 253 {
			fmt.Fprintf(&b, `,"P%d":%d`, i, i)
		}
		a, e := insertBoth(c, tb, `{"PartitionKey":"p","RowKey":"1"`+b.String()+`}`)
		return a, e, a == "201 " && e == "400 TooManyProperties"
	},
	"entity-too-large": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		var b strings.Builder
		for i := range 20 {
			fmt.Fprintf(&b, `,"S%d":"%s"`, i, strings.Repeat("a", 30000))
		}
		a, e := insertBoth(c, tb, `{"PartitionKey":"p","RowKey":"1"`+b.String()+`}`)
		return a, e, a == "201 " && e == "400 EntityTooLarge"
	},
	"property-name-rules": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		a, e := insertBoth(c, tb, `{"PartitionKey":"p","RowKey":"1","a-b":1}`)
		return a, e, a == "201 " && e == "400 PropertyNameInvalid"
	},
	"datetime-range": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		a, e := insertBoth(c, tb, `{"PartitionKey":"p","RowKey":"1","T":"1600-12-31T23:59:59Z","T@odata.type":"Edm.DateTime"}`)
		return a, e, a == "201 " && e == "400 OutOfRangeInput"
	},
	"typed-value-validation": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		a, e := insertBoth(c, tb, `{"PartitionKey":"p","RowKey":"1","G":"x","G@odata.type":"Edm.Guid"}`)
		return a, e, a == "201 " && e == "400 InvalidInput"
	},
	"unknown-type-500": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		a, e := insertBoth(c, tb, `{"PartitionKey":"p","RowKey":"1","G":"x","G@odata.type":"Edm.Foo"}`)
		return a, e, strings.HasPrefix(a, "500") && e == "400 InvalidInput"
	},
	"batch-cross-partition": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		acts := []aztables.TransactionAction{
			{ActionType: aztables.TransactionTypeAdd, Entity: []byte(`{"PartitionKey":"x","RowKey":"1"}`)},
			{ActionType: aztables.TransactionTypeAdd, Entity: []byte(`{"PartitionKey":"y","RowKey":"1"}`)},
		}
		_, err := c.SubmitTransaction(ctx, acts, nil)
		a := azOutcome(err, 202).String()
		e1, _ := store.DecodeJSON(acts[0].Entity)
		e2, _ := store.DecodeJSON(acts[1].Entity)
		_, eerr := tb.Transact([]store.Action{{Kind: store.ActInsert, Entity: e1}, {Kind: store.ActInsert, Entity: e2}})
		e := engOutcome(store.OpTransact, eerr).String()
		return a, e, a == "202 " && e == "400 CommandsInBatchActOnDifferentPartitions at 1"
	},
	"batch-over-100": func(t *testing.T, c *aztables.Client, tb *store.Table) (string, string, bool) {
		var acts []aztables.TransactionAction
		var eacts []store.Action
		for i := range 101 {
			j := fmt.Sprintf(`{"PartitionKey":"m","RowKey":"%d"}`, i)
			acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: []byte(j)})
			e, _ := store.DecodeJSON([]byte(j))
			eacts = append(eacts, store.Action{Kind: store.ActInsert, Entity: e})
		}
		_, err := c.SubmitTransaction(ctx, acts, nil)
		var re *azcore.ResponseError
		a := "ok"
		if err != nil {
			a = err.Error()
		}
		_, eerr := tb.Transact(eacts)
		e := engOutcome(store.OpTransact, eerr).String()
		return a, e, err != nil && !errors.As(err, &re) && e == "400 InvalidInput at 100"
	},
	"table-reuse-delay": func(t *testing.T, c *aztables.Client, _ *store.Table) (string, string, bool) {
		// Delete the canary's table and create it again at once.
		_, aderr := c.Delete(ctx, nil)
		_, acerr := c.CreateTable(ctx, nil)
		a := azOutcome(aderr, 204).String() + ", then " + azOutcome(acerr, 201).String()
		st := store.New(store.Options{})
		_, _ = st.CreateTable("Reuse")
		ederr := st.DeleteTable("Reuse")
		_, ecerr := st.CreateTable("Reuse")
		e := engOutcome(store.OpDeleteTable, ederr).String() + ", then " + engOutcome(store.OpCreateTable, ecerr).String()
		return a, e, a == "204 , then 201 " && e == "204 , then 409 TableBeingDeleted"
	},
}

// TestDeviationCanaries shows every listed deviation still happens: when
// Azurite is fixed, its canary fails and the deviation must go.
func TestDeviationCanaries(t *testing.T) {
	svc := azurite(t)
	for _, d := range Deviations {
		t.Run(d.Name, func(t *testing.T) {
			can, ok := canaries[d.Name]
			if !ok {
				t.Fatalf("deviation %s has no canary", d.Name)
			}
			name := uniqueName("canary")
			if _, err := svc.CreateTable(ctx, name, nil); err != nil {
				t.Fatal(err)
			}
			defer svc.DeleteTable(ctx, name, nil)
			tb, _ := store.New(store.Options{}).CreateTable(name)
			a, e, deviates := can(t, svc.NewClient(name), tb)
			if !deviates {
				t.Errorf("deviation %s not observed as described:\nazurite: %s\nengine:  %s", d.Name, a, e)
			}
		})
	}
	if len(canaries) != len(Deviations) {
		t.Errorf("%d canaries for %d deviations", len(canaries), len(Deviations))
	}
}

// TestUndocumentedChoices checks the behaviours the documentation does not settle,
// where the engine follows Azurite (DEVIATIONS.md, "Choices"): both sides
// must agree.
func TestUndocumentedChoices(t *testing.T) {
	svc := azurite(t)
	name := uniqueName("choice")
	if _, err := svc.CreateTable(ctx, name, nil); err != nil {
		t.Fatal(err)
	}
	defer svc.DeleteTable(ctx, name, nil)
	c := svc.NewClient(name)
	tb, _ := store.New(store.Options{}).CreateTable(name)
	both(t, c, tb, `{"PartitionKey":"p","RowKey":"a","X":"a"}`, `{"PartitionKey":"p","RowKey":"b"}`,
		`{"PartitionKey":"p","RowKey":"\ue000"}`, `{"PartitionKey":"p","RowKey":"\ud83d\ude00"}`)
	for _, c2 := range []struct{ what, filter, want string }{
		{"not over a missing property is true", "not (X eq 'a')", "keys=[p|b p|😀 p|\ue000]"},
		{"ne over a missing property is false", "X ne 'b'", "keys=[p|a]"},
		{"keys order by UTF-16 code unit", "", "keys=[p|a p|b p|😀 p|\ue000]"},
	} {
		a, e := queryBoth(c, tb, azuriteMode, c2.filter, 0)
		if !strings.Contains(a, c2.want) || !strings.Contains(e, c2.want) {
			t.Errorf("%s: azurite %s, engine %s, want %s", c2.what, a, e, c2.want)
		}
	}
	// $select returns only the listed properties (no keys unless listed).
	az := azQuery(c, "RowKey eq 'a'", 0, []string{"X"})
	en, _ := engQuery(azuriteMode, tb, "RowKey eq 'a'", 0, []string{"X"})
	if len(az.props) != 1 || az.props[0] != "X" || len(en.props) != 1 || en.props[0] != "X" {
		t.Errorf("$select: azurite %v, engine %v; want [X]", az.props, en.props)
	}
	// Keys are limited to 1 KiB of UTF-16: 512 characters.
	for _, n := range []int{512, 513} {
		a, e := insertBoth(c, tb, fmt.Sprintf(`{"PartitionKey":"k","RowKey":"%s"}`, strings.Repeat("r", n)))
		if a != e {
			t.Errorf("RowKey of %d characters: azurite %s, engine %s", n, a, e)
		}
	}
}
