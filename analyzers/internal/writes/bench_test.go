package writes_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/tablelint/tablelint/analyzers/entityshape"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/analyzers/keyformat"
	"github.com/tablelint/tablelint/analyzers/tablename"
	"github.com/tablelint/tablelint/analyzers/timepartition"
	"github.com/tablelint/tablelint/analyzers/transactions"
)

// writeAnalyzers are the write-side analyzers.
var writeAnalyzers = []*analysis.Analyzer{
	keyformat.Analyzer, timepartition.Analyzer, transactions.Analyzer, tablename.Analyzer, entityshape.Analyzer,
}

// funcTemplate is one generated function: entities, keys, a transaction,
// a table name, a read; about 40 lines.
const funcTemplate = `
func write%[1]d(ctx context.Context, sc *aztables.ServiceClient, r *http.Request, items []string, id int) error {
	c := sc.NewClient("Table%[1]d")
	body, err := io.ReadAll(io.LimitReader(r.Body, 30000))
	if err != nil {
		return err
	}
	e := Entity{PartitionKey: fmt.Sprintf("p%%04d", id%%100), RowKey: strconv.Itoa(id), Body: string(body)}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	if _, err := c.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	var actions []aztables.TransactionAction
	for i, it := range items {
		m := map[string]any{"PartitionKey": "p", "RowKey": it + "_" + strconv.Itoa(i)}
		mb, _ := json.Marshal(m)
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: mb})
		if len(actions) == 100 {
			if _, err := c.SubmitTransaction(ctx, actions, nil); err != nil {
				return err
			}
			actions = actions[:0]
		}
	}
	if len(actions) > 0 {
		if _, err := c.SubmitTransaction(ctx, actions, nil); err != nil {
			return err
		}
	}
	now := time.Now()
	ev := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: r.FormValue("tenant"), RowKey: fmt.Sprintf("%%019d", math.MaxInt64-now.UnixNano())}}
	evb, _ := json.Marshal(ev)
	if _, err := c.UpsertEntity(ctx, evb, nil); err != nil {
		return err
	}
	_, err = c.GetEntity(ctx, fmt.Sprintf("p%%04d", id%%100), strconv.Itoa(id), nil)
	return err
}
`

// generate writes a package of about lines lines to dir/src/big.
func generate(tb testing.TB, root string, lines int) int {
	var b strings.Builder
	b.WriteString(`package big

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Entity struct {
	PartitionKey string
	RowKey       string
	Body         string
}
`)
	for i := 0; strings.Count(b.String(), "\n") < lines; i++ {
		fmt.Fprintf(&b, funcTemplate, i)
	}
	dir := filepath.Join(root, "src", "big")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "big.go"), []byte(b.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return strings.Count(b.String(), "\n")
}

// BenchmarkWriteAnalyzers runs the write-side analyzers (and the index
// they share) over a generated package of 20,000 lines (type checking
// excluded: the package is loaded once).
func BenchmarkWriteAnalyzers(b *testing.B) {
	empty := b.TempDir()
	if err := os.Mkdir(filepath.Join(empty, "src"), 0o755); err != nil {
		b.Fatal(err)
	}
	root := sdktest.GOPATH(b, empty)
	n := generate(b, root, 20000)
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  root,
		Env:  append(os.Environ(), "GOPATH="+root, "GO111MODULE=off", "GOPROXY=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, "big")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		b.Fatalf("load: %v", err)
	}
	// The index and entityshape record facts, so they also run on every
	// dependency; give those no syntax, so that the benchmark measures the
	// analyzers on the generated package.
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p != pkgs[0] {
			p.Syntax = nil
		}
	})
	b.ReportMetric(float64(n), "lines")
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		g, err := checker.Analyze(writeAnalyzers, pkgs, &checker.Options{Sequential: true})
		if err != nil {
			b.Fatal(err)
		}
		diags := 0
		for act := range g.All() {
			if act.IsRoot {
				if act.Err != nil {
					b.Fatal(act.Err)
				}
				diags += len(act.Diagnostics)
			}
		}
		if diags == 0 {
			b.Fatal("no diagnostics: the generated code should trigger TL204")
		}
	}
}
