package schema

import (
	"bytes"
	"encoding/json"

	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"github.com/tablelint/tablelint/model"
)

// TestDesignSchemaUpToDate fails when design.schema.json is not what the
// loader's format generates: run `go generate ./schema`.
func TestDesignSchemaUpToDate(t *testing.T) {
	onDisk, err := os.ReadFile(filepath.Base(DesignPath))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(onDisk, Design()) {
		t.Errorf("%s differs from the design loader's format: run go generate ./schema", DesignPath)
	}
}

func compile(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(Design()))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(DesignID, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(DesignID)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// instance converts YAML to the JSON value an editor validates.
func instance(t *testing.T, src []byte) (any, error) {
	t.Helper()
	var v any
	if err := yaml.Unmarshal(src, &v); err != nil {
		return nil, err
	}
	j, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return jsonschema.UnmarshalJSON(bytes.NewReader(j))
}

// designFiles returns every YAML file under the repository's testdata
// directories whose top level has a tables field.
func designFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == ".git") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.Contains(filepath.ToSlash(path), "/testdata/") ||
			(!strings.HasSuffix(path, ".yaml") && !strings.HasSuffix(path, ".yml")) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if bytes.HasPrefix(src, []byte("tables:")) || bytes.Contains(src, []byte("\ntables:")) {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestTestdataDesignsValidate: every design in the repository's testdata
// that tablelint loads is valid under the schema, and the malformed ones
// whose fault is one of structure are invalid under it too.
func TestTestdataDesignsValidate(t *testing.T) {
	s := compile(t)
	files := designFiles(t)
	loaded := 0
	for _, want := range []string{"employees.tablelint.yaml", "log-tail.tablelint.yaml", "prepend-append.tablelint.yaml", "high-volume-delete.tablelint.yaml"} {
		if !slices.ContainsFunc(files, func(f string) bool { return filepath.Base(f) == want }) {
			t.Errorf("the example design %s was not found", want)
		}
	}
	// Malformed designs the schema must reject too (the rest are errors
	// no schema sees: undeclared placeholders, invalid filters, YAML
	// syntax, alias bombs).
	structural := map[string]bool{"missing-pk.yaml": true, "unknown-edm.yaml": true, "unknown-field.yaml": true, "version.yaml": true, "wrong-type.yaml": true}
	rejected := map[string]bool{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		_, loadErr := model.Load(f)
		inst, err := instance(t, src)
		if err != nil {
			if loadErr == nil {
				t.Errorf("%s: loads, but is not JSON-like YAML: %v", f, err)
			}
			continue
		}
		verr := s.Validate(inst)
		if loadErr == nil {
			loaded++
			if verr != nil {
				t.Errorf("%s: tablelint loads it but the schema rejects it: %v", f, verr)
			}
		} else if verr != nil {
			rejected[filepath.Base(f)] = true
		}
	}
	if loaded < 10 {
		t.Errorf("only %d designs loaded; the testdata designs are missing", loaded)
	}
	for name := range structural {
		if !rejected[name] {
			t.Errorf("testdata/designs/bad/%s: the loader rejects it, the schema should too", name)
		}
	}
}

const base = `version: 1
target: storage
tables:
  Employees:
    entities:
      Employee:
        partitionKey: "{Department}"
        rowKey: "empid_{EmployeeId:%06d}"
        properties:
          Department: {type: String, maxLength: 32, cardinality: 40, typicalLength: 8}
          EmployeeId: Int32
          Photo: {type: Edm.Binary, maxBytes: 100, typicalBytes: 50}
        count: 1000
        writes: 2.5/min
    queries:
      byId: {filter: "PartitionKey eq '{Department}'", rate: 1e3/s, top: 5, select: [EmployeeId]}
    transactions:
      hire: [Employee, {Employee: 2}]
`

// TestLoaderAndSchemaAgree edits one valid design at every mapping the
// format describes: an unknown key, a missing required field and a wrong
// value are rejected by both the loader and the schema.
func TestLoaderAndSchemaAgree(t *testing.T) {
	s := compile(t)
	check := func(name string, edit func(root map[string]any), wantValid bool) {
		t.Helper()
		var root map[string]any
		if err := yaml.Unmarshal([]byte(base), &root); err != nil {
			t.Fatal(err)
		}
		edit(root)
		src, err := yaml.Marshal(root)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "d.tablelint.yaml")
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		_, loadErr := model.Load(path)
		inst, err := instance(t, src)
		if err != nil {
			t.Fatal(err)
		}
		verr := s.Validate(inst)
		if (loadErr == nil) != wantValid || (verr == nil) != wantValid {
			t.Errorf("%s: loader error %v, schema error %v; want valid=%v\n%s", name, loadErr, verr, wantValid, src)
		}
	}
	m := func(v any, keys ...string) map[string]any {
		for _, k := range keys {
			v = v.(map[string]any)[k]
		}
		return v.(map[string]any)
	}
	table := func(r map[string]any) map[string]any { return m(r, "tables", "Employees") }
	entity := func(r map[string]any) map[string]any { return m(table(r), "entities", "Employee") }
	prop := func(r map[string]any) map[string]any { return m(entity(r), "properties", "Department") }
	query := func(r map[string]any) map[string]any { return m(table(r), "queries", "byId") }
	objects := map[string]struct {
		get    func(map[string]any) map[string]any
		fields []model.Field
	}{
		"design":   {func(r map[string]any) map[string]any { return r }, model.DesignFormat.Fields},
		"table":    {table, fieldsOf(model.DesignFormat, "tables")},
		"entity":   {entity, fieldsOf(model.DesignFormat, "tables", "entities")},
		"property": {prop, fieldsOf(model.DesignFormat, "tables", "entities", "properties")},
		"query":    {query, fieldsOf(model.DesignFormat, "tables", "queries")},
	}
	check("the base design", func(map[string]any) {}, true)
	for name, o := range objects {
		if len(o.fields) == 0 {
			t.Fatalf("%s: no fields in model.DesignFormat", name)
		}
		check(name+": unknown key", func(r map[string]any) { o.get(r)["unknownField"] = 1 }, false)
		for _, f := range o.fields {
			if _, ok := o.get(mustBase(t))[f.Name]; !ok && f.Required {
				t.Errorf("%s: the base design lacks required field %s", name, f.Name)
			}
			if f.Required {
				check(name+": without "+f.Name, func(r map[string]any) { delete(o.get(r), f.Name) }, false)
			}
			check(name+": "+f.Name+" null", func(r map[string]any) { o.get(r)[f.Name] = nil }, false)
		}
	}
	for name, edit := range map[string]func(map[string]any){
		"version 2":        func(r map[string]any) { r["version"] = 2 },
		"target other":     func(r map[string]any) { r["target"] = "azure" },
		"count -1":         func(r map[string]any) { entity(r)["count"] = -1 },
		"count text":       func(r map[string]any) { entity(r)["count"] = "lots" },
		"writes no unit":   func(r map[string]any) { entity(r)["writes"] = "20" },
		"writes bad unit":  func(r map[string]any) { entity(r)["writes"] = "20/week" },
		"rate a number":    func(r map[string]any) { query(r)["rate"] = 5 },
		"type lower case":  func(r map[string]any) { prop(r)["type"] = "string" },
		"short form wrong": func(r map[string]any) { m(entity(r), "properties")["EmployeeId"] = "Integer" },
		"maxLength 0":      func(r map[string]any) { prop(r)["maxLength"] = 0 },
		"top 0":            func(r map[string]any) { query(r)["top"] = 0 },
		"select not list":  func(r map[string]any) { query(r)["select"] = "EmployeeId" },
		"empty group":      func(r map[string]any) { m(table(r), "transactions")["hire"] = []any{} },
		"member count 0":   func(r map[string]any) { m(table(r), "transactions")["hire"] = []any{map[string]any{"Employee": 0}} },
		"member two keys": func(r map[string]any) {
			m(table(r), "transactions")["hire"] = []any{map[string]any{"Employee": 1, "X": 1}}
		},
		"tables a list": func(r map[string]any) { r["tables"] = []any{"Employees"} },
	} {
		check(name, edit, false)
	}
	for name, edit := range map[string]func(map[string]any){
		"rate per day":     func(r map[string]any) { query(r)["rate"] = "0.5/day" },
		"rate spaced":      func(r map[string]any) { query(r)["rate"] = " 3 / h " },
		"no version":       func(r map[string]any) { delete(r, "version") },
		"cosmos":           func(r map[string]any) { r["target"] = "cosmos" },
		"numeric template": func(r map[string]any) { entity(r)["rowKey"] = 7 },
	} {
		check(name, edit, true)
	}
}

func mustBase(t *testing.T) map[string]any {
	var root map[string]any
	if err := yaml.Unmarshal([]byte(base), &root); err != nil {
		t.Fatal(err)
	}
	return root
}

// fieldsOf follows field names down the format to an object's fields.
func fieldsOf(v model.Value, path ...string) []model.Field {
	for _, name := range path {
		i := slices.IndexFunc(v.Fields, func(f model.Field) bool { return f.Name == name })
		if i < 0 {
			return nil
		}
		v = v.Fields[i].Value
		for v.Elem != nil {
			v = *v.Elem
		}
	}
	return v.Fields
}
