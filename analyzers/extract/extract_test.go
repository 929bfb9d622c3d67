package extract_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/extract"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/edm"
)

func result(t *testing.T, dir string, pkgs ...string) []*extract.Result {
	t.Helper()
	var out []*extract.Result
	// The other analyzers' // want comments are not this analyzer's:
	// analysistest's complaints about them are ignored (quiet); errors
	// and panics still fail the test.
	for _, r := range analysistest.Run(quiet{t}, dir, extract.Analyzer, pkgs...) {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		out = append(out, r.Result.(*extract.Result))
	}
	return out
}

func TestShapes(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	res := result(t, dir, "shapes")
	if len(res) != 1 {
		t.Fatalf("%d results", len(res))
	}
	r := res[0]
	if len(r.Tables) != 1 || r.Tables[0].Name != "Orders" {
		t.Errorf("tables: %+v", r.Tables)
	}
	var got []string
	for _, e := range r.Entities {
		if e.Name == "Audit" && e.Table.Key != "env:AUDIT_TABLE" {
			t.Errorf("audit's table: %+v", e.Table)
		}
		var props []string
		for _, p := range e.Props {
			s := p.Name + ":" + p.Type.String()
			if p.KeyOnly {
				s += "(key)"
			}
			props = append(props, s)
		}
		pk, rk := "-", "-"
		if e.PartitionKey != nil {
			pk = e.PartitionKey.Template
		}
		if e.RowKey != nil {
			rk = e.RowKey.Template
		}
		got = append(got, e.Method+" "+e.Table.Name+" "+e.Name+" "+pk+" "+rk+" "+strings.Join(props, ","))
	}
	want := []string{
		// The delete action is not a write. customer is not stored by
		// this literal: the key names it after the variable.
		"SubmitTransaction Orders Order {Customer} {N:%d} customer:String,Total:Double,Placed:String,Customer:String(key),N:Int64(key)",
		// Through the put helper: the entity is the argument, the table
		// the package's (the helper's client is not known at the call);
		// customer is stored as "customer", when as nothing; Placed is
		// annotated Edm.DateTime.
		// The table is named by configuration.
		"AddEntity  Audit {User} x User:String(key)",
		"UpsertEntity  Order {customer} {When:20060102150405}-{N:%d} customer:String,Total:Double,Placed:DateTime,When:DateTime(key),N:Int64(key)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("entities:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(r.Transactions) != 1 || len(r.Transactions[0].Members) != 1 || r.Transactions[0].Name != "repo.replace" {
		t.Errorf("transactions: %+v", r.Transactions)
	}
	if len(r.Queries) != 1 {
		t.Fatalf("queries: %+v", r.Queries)
	}
	q := r.Queries[0]
	if q.Table.Name != "Orders" || q.Name != "repo.recent" || q.Filter != "PartitionKey eq '{Customer}' and Placed ge datetime'{Placed}' and Total gt 10.5" {
		t.Errorf("query: %+v", q)
	}
	types := map[string]edm.Type{}
	for _, p := range q.Params {
		types[p.Name] = p.Type
	}
	if types["Placed"] != edm.DateTime || types["Total"] != edm.Double {
		t.Errorf("query params: %+v", q.Params)
	}
}

// TestOtherAnalyzersTestdata runs the analyzer over every other
// analyzer's testdata: code it does not understand must not make it
// fail or panic.
func TestOtherAnalyzersTestdata(t *testing.T) {
	for _, a := range []string{"keyformat", "entityshape", "transactions", "timepartition", "tablescan", "filterinjection", "continuation", "tablename"} {
		src := filepath.Join("..", a, "testdata")
		t.Run(a, func(t *testing.T) {
			dir := sdktest.GOPATH(t, src)
			pkgs, err := filepath.Glob(filepath.Join(src, "src", "*"))
			if err != nil || len(pkgs) == 0 {
				t.Fatalf("no testdata packages in %s", src)
			}
			var names []string
			for _, p := range pkgs {
				names = append(names, filepath.Base(p)+"/...")
			}
			result(t, dir, names...)
		})
	}
}

type quiet struct{ *testing.T }

func (quiet) Errorf(string, ...any) {}
