package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"github.com/tablelint/tablelint/internal/rules"
)

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	// root/outer/.tablelint.yaml   above the repository: never used
	// root/outer/repo/.git
	// root/outer/repo/.tablelint.yaml
	// root/outer/repo/svc/go.mod
	// root/outer/repo/svc/pkg/deep
	outer := filepath.Join(root, "outer")
	repo := filepath.Join(outer, "repo")
	deep := filepath.Join(repo, "svc", "pkg", "deep")
	write(t, filepath.Join(outer, FileName), "target: cosmos\n")
	write(t, filepath.Join(repo, ".git", "HEAD"), "ref: refs/heads/main\n")
	write(t, filepath.Join(repo, "svc", "go.mod"), "module x\n")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}

	got, err := Find(deep)
	if err != nil || got != "" {
		t.Fatalf("no config in the repository: Find = %q, %v; want none (the one above the repo root must not be used)", got, err)
	}
	write(t, filepath.Join(repo, FileName), "target: storage\n")
	if got, _ := Find(deep); got != filepath.Join(repo, FileName) {
		t.Errorf("Find = %q, want the repository root's file", got)
	}
	// A nearer file wins.
	write(t, filepath.Join(repo, "svc", altFileName), "")
	if got, _ := Find(deep); got != filepath.Join(repo, "svc", altFileName) {
		t.Errorf("Find = %q, want the module's .tablelint.yml", got)
	}

	// Outside a repository, the module root bounds the walk.
	mod := filepath.Join(root, "mod")
	write(t, filepath.Join(mod, "go.mod"), "module y\n")
	write(t, filepath.Join(root, FileName), "")
	sub := filepath.Join(mod, "a", "b")
	os.MkdirAll(sub, 0o755)
	if got, _ := Find(sub); got != "" {
		t.Errorf("Find crossed the module root: %q", got)
	}
	write(t, filepath.Join(mod, FileName), "")
	if got, _ := Find(sub); got != filepath.Join(mod, FileName) {
		t.Errorf("Find = %q, want the module root's file", got)
	}

	// Load uses the file Find finds, relative globs and all.
	write(t, filepath.Join(mod, FileName), "exclude: [a/**]\nrules: {TL303: error}\n")
	c, err := Load("", sub)
	if err != nil {
		t.Fatal(err)
	}
	if c.Path != filepath.Join(mod, FileName) || c.Rules["TL303"] != rules.Error {
		t.Errorf("Load = %+v", c)
	}
	if !c.Excluded("x.go", sub) || c.Excluded(filepath.Join(mod, "b", "x.go"), sub) {
		t.Errorf("exclude a/** relative to %s misapplied", mod)
	}
	// No file: the defaults.
	plain := t.TempDir()
	c, err = Load("", plain)
	if err != nil || c.Path != "" || c.Target != Storage || c.Throughput.PartitionEntitiesPerSecond != 2000 || c.Throughput.AccountTransactionsPerSecond != 20000 {
		t.Errorf("defaults: %+v, %v", c, err)
	}
	if _, err := Load(filepath.Join(plain, "missing.yaml"), plain); err == nil {
		t.Error("Load of a missing --config file succeeded")
	}
}

func TestParseValid(t *testing.T) {
	src := `# tablelint configuration
version: 1
target: cosmos
rules:
  TL303: off
  table-scan: error
  tl304: Info
exclude:
  - testdata/**
  - "**/*_gen.go"
  - ./vendor
throughput:
  partitionEntitiesPerSecond: 1500
  accountTransactionsPerSecond: 1e4
`
	c, err := Parse("/repo/.tablelint.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if c.Target != Cosmos {
		t.Errorf("target = %q", c.Target)
	}
	want := map[string]rules.Severity{"TL303": rules.Off, "TL301": rules.Error, "TL304": rules.Info}
	for id, s := range want {
		if c.Rules[id] != s {
			t.Errorf("rules[%s] = %v, want %v", id, c.Rules[id], s)
		}
	}
	if c.Enabled("TL303") || !c.Enabled("TL301") || !c.Enabled("TL322") {
		t.Error("Enabled wrong")
	}
	if c.Severity("TL322", rules.Error) != rules.Error || c.Severity("TL303", rules.Info) != rules.Off {
		t.Error("Severity wrong")
	}
	if c.Throughput != (Throughput{1500, 10000}) {
		t.Errorf("throughput = %+v", c.Throughput)
	}
	for file, want := range map[string]bool{
		"/repo/testdata/a.yaml":      true,
		"/repo/x/testdata/a.yaml":    false,
		"/repo/pkg/sub/model_gen.go": true,
		"/repo/model_gen.go":         true,
		"/repo/vendor/m/x.go":        true,
		"/repo/pkg/x.go":             false,
		"/elsewhere/testdata/a.yaml": false,
		"testdata/b.yaml":            true, // relative to the working directory /repo
		"":                           false,
	} {
		if got := c.Excluded(file, "/repo"); got != want {
			t.Errorf("Excluded(%q) = %v, want %v", file, got, want)
		}
	}
	for _, empty := range []string{"", "# nothing\n", "---\n", "~\n"} {
		if _, err := Parse("e.yaml", []byte(empty)); err != nil {
			t.Errorf("Parse(%q): %v", empty, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"exlude: [a]\n", `c.yaml:1:1: unknown key "exlude" (did you mean "exclude"?)`},
		{"rules:\n  TL3O1: off\n", `c.yaml:2:3: unknown rule "TL3O1" (did you mean "TL301"?)`},
		{"rules:\n  table-scna: off\n", `c.yaml:2:3: unknown rule "table-scna" (did you mean "table-scan"?)`},
		{"rules:\n  TL301: warn\n", `c.yaml:2:10: severity of TL301 must be off, info, warning or error, not "warn" (did you mean "warning"?)`},
		{"rules:\n  TL301: [error]\n", `c.yaml:2:10: severity of TL301 must be off, info, warning or error, not a list`},
		{"rules: [TL301]\n", `c.yaml:1:8: rules must be a mapping from rule ID or name to off, info, warning or error, not a list`},
		{"target: azure\n", `c.yaml:1:9: unknown target "azure": want storage or cosmos`},
		{"target: cosmo\n", `(did you mean "cosmos"?)`},
		{"exclude: testdata\n", `c.yaml:1:10: exclude must be a list of path globs, not "testdata"`},
		{"exclude: ['[a']\n", `c.yaml:1:11: invalid glob "[a": syntax error in pattern`},
		{"exclude: [/abs]\n", `c.yaml:1:11: globs are relative`},
		{"throughput:\n  partitionEntitiesPerSec: 10\n", `c.yaml:2:3: unknown key "partitionEntitiesPerSec" in throughput (did you mean "partitionEntitiesPerSecond"?)`},
		{"throughput:\n  partitionEntitiesPerSecond: fast\n", `c.yaml:2:31: throughput.partitionEntitiesPerSecond must be a number, not "fast"`},
		{"throughput:\n  partitionEntitiesPerSecond: 0\n", `c.yaml:2:31: throughput.partitionEntitiesPerSecond must be a positive number, not 0`},
		{"throughput: 5\n", `c.yaml:1:13: throughput must be a mapping, not "5"`},
		{"version: 2\n", `c.yaml:1:10: unsupported version 2: want 1`},
		{"- a\n", `c.yaml:1:1: the configuration must be a mapping, not a list`},
		{"target: storage\ntarget: cosmos\n", `c.yaml:2:1: target is set twice`},
		{"rules:\n  TL301: off\n  table-scan: error\n", `c.yaml:3:3: rule TL301 is set twice`},
		{"a: &x [1]\nrules: *x\n", `c.yaml:2:8: rules: YAML aliases are not supported`},
		{"rules:\n  TL301: off\n bad indent\n", `c.yaml:2:1: invalid YAML: did not find expected key`},
	} {
		_, err := Parse("c.yaml", []byte(tc.src))
		if err == nil {
			t.Errorf("Parse(%q) succeeded, want %q", tc.src, tc.want)
			continue
		}
		var list ErrorList
		if !errors.As(err, &list) || len(list) == 0 {
			t.Errorf("Parse(%q) error %T is not an ErrorList", tc.src, err)
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q):\n got: %s\nwant: %s", tc.src, err, tc.want)
		}
	}
}

func TestParseReportsEveryError(t *testing.T) {
	_, err := Parse("c.yaml", []byte("exlude: [a]\nrules:\n  TL999: off\n  TL301: loud\n"))
	var list ErrorList
	if !errors.As(err, &list) || len(list) != 3 {
		t.Fatalf("want 3 errors, got %v", err)
	}
	if list[0].Line != 1 || list[1].Line != 3 || list[2].Line != 4 {
		t.Errorf("errors out of file order: %v", err)
	}
}

func TestLoadTooLarge(t *testing.T) {
	p := filepath.Join(t.TempDir(), FileName)
	write(t, p, "# "+strings.Repeat("x", MaxFileSize)+"\n")
	if _, err := Load(p, ""); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("Load of an oversized file: %v", err)
	}
}

func TestMatchGlob(t *testing.T) {
	for _, tc := range []struct {
		pat, name string
		want      bool
	}{
		{"**", "a/b/c", true},
		{"**/x.go", "x.go", true},
		{"**/x.go", "a/b/x.go", true},
		{"a/**/x.go", "a/x.go", true},
		{"a/**/x.go", "a/b/c/x.go", true},
		{"a/**/x.go", "b/x.go", false},
		{"*.go", "a/x.go", false},
		{"a", "a/b/c.go", true},
		{"a/*", "a/b/c.go", true},
		{"a/*.go", "a/b/c.go", false},
		{"designs/*.tablelint.yaml", "designs/x.tablelint.yaml", true},
	} {
		if got := MatchGlob(tc.pat, tc.name); got != tc.want {
			t.Errorf("MatchGlob(%q, %q) = %v", tc.pat, tc.name, got)
		}
	}
}

// TestSchemaUpToDate fails when the checked-in schema differs from
// Schema(). Fix it with `go generate ./internal/rules`.
func TestSchemaUpToDate(t *testing.T) {
	got, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(SchemaPath)))
	if err != nil {
		t.Fatalf("%v (run go generate ./internal/rules)", err)
	}
	if !bytes.Equal(got, Schema()) {
		t.Errorf("%s is stale (run go generate ./internal/rules)", SchemaPath)
	}
}

// TestSchemaAgreesWithParser validates configurations with the JSON
// Schema and with Parse: both must accept the valid ones and reject the
// invalid ones.
func TestSchemaAgreesWithParser(t *testing.T) {
	var doc any
	if err := json.Unmarshal(Schema(), &doc); err != nil {
		t.Fatal(err)
	}
	comp := jsonschema.NewCompiler()
	if err := comp.AddResource(SchemaID, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := comp.Compile(SchemaID)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		src   string
		valid bool
	}{
		{"version: 1\ntarget: cosmos\nrules: {TL301: error, partition-scan: off}\nexclude: [a/**]\nthroughput: {partitionEntitiesPerSecond: 100, accountTransactionsPerSecond: 2.5e4}\n", true},
		{"rules:\nexclude:\n", true},
		{"exlude: [a]\n", false},
		{"target: azure\n", false},
		{"rules: {TL999: off}\n", false},
		{"rules: {TL301: loud}\n", false},
		{"exclude: [/abs]\n", false},
		{"throughput: {partitionEntitiesPerSecond: 0}\n", false},
		{"throughput: {partitionEntitiesPerSecond: fast}\n", false},
		{"throughput: {other: 1}\n", false},
		{"version: 2\n", false},
	} {
		_, perr := Parse("c.yaml", []byte(tc.src))
		var v any
		if err := yaml.Unmarshal([]byte(tc.src), &v); err != nil {
			t.Fatal(err)
		}
		serr := sch.Validate(jsonify(v))
		if (perr == nil) != tc.valid || (serr == nil) != tc.valid {
			t.Errorf("%q: want valid=%v; Parse: %v; schema: %v", tc.src, tc.valid, perr, serr)
		}
	}
}

// jsonify turns a YAML-decoded value into what encoding/json would
// decode: map[string]any and float64/json.Number.
func jsonify(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	var out any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil {
		panic(err)
	}
	return out
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("rules: {TL301: error}\nexclude: [a/**]\n"))
	f.Add([]byte("throughput: {partitionEntitiesPerSecond: 1e3}\n"))
	f.Add([]byte("a: &a [*a]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("f.yaml", data)
		if err == nil && c == nil {
			t.Fatal("nil config without error")
		}
		var list ErrorList
		if err != nil && (!errors.As(err, &list) || len(list) == 0 || len(list) > maxErrors) {
			t.Fatalf("error %v is not a bounded ErrorList", err)
		}
	})
}

// TestParsePrices: the price table's overrides, and its errors at their
// place.
func TestParsePrices(t *testing.T) {
	c, err := Parse("p.yaml", []byte("prices:\n  currency: EUR\n  region: westeurope\n  transactionsPer10k: 0.0004\n  egressPerGiB: 0\n  storagePerGBMonth: 0.05\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p := c.Prices; p.Currency != "EUR" || p.Region != "westeurope" || !p.HasTransactions || p.PerTenThousandTransactions != 0.0004 || !p.HasEgress || p.EgressPerGiB != 0 || !p.HasStorage || p.StoragePerGBMonth != 0.05 {
		t.Errorf("prices %+v", p)
	}
	if c, _ := Parse("p.yaml", []byte("version: 1\n")); c.Prices.HasTransactions || c.Prices.HasEgress || c.Prices.HasStorage {
		t.Errorf("unset prices: %+v", c.Prices)
	}
	for src, want := range map[string]string{
		"prices:\n  transactionsPer10k: -1\n": "p.yaml:2:23: prices.transactionsPer10k must be a number from 0, not -1",
		"prices:\n  egress: 1\n":              `p.yaml:2:3: unknown key "egress" in prices`,
		"prices:\n  storagePerGBMonth: x\n":   "p.yaml:2:22: prices.storagePerGBMonth",
		"prices: 3\n":                         "p.yaml:1:9: prices",
	} {
		if _, err := Parse("p.yaml", []byte(src)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", src, err, want)
		}
	}
}
