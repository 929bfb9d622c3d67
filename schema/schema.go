// Package schema generates the JSON Schema of tablelint's design files,
// schema/design.schema.json, from the format the design loader checks
// (model.DesignFormat), so that editors complete and validate
// *.tablelint.yaml files exactly as `tablelint review` reads them.
//
// Regenerate the file with `go generate ./schema`; a test fails when the
// file and the loader's format differ.
package schema

//go:generate go run gendesign.go

import (
	"encoding/json"
	"strconv"

	"github.com/tablelint/tablelint/model"
)

// DesignPath is where the design files' schema lives in the repository.
const DesignPath = "schema/design.schema.json"

// DesignID is the design schema's $id: the URL editors fetch it from.
const DesignID = "https://raw.githubusercontent.com/tablelint/tablelint/main/" + DesignPath

// Design returns the JSON Schema (draft-07, which yaml-language-server
// and SchemaStore use) of a design file, indented, with a final newline.
func Design() []byte {
	s := object(model.DesignFormat.Fields)
	s["$schema"] = "http://json-schema.org/draft-07/schema#"
	s["$id"] = DesignID
	s["title"] = "tablelint design file (*.tablelint.yaml)"
	s["description"] = "Azure Table storage tables described for `tablelint review`: entity types with key templates and typed properties, queries, transactions and expected volumes."
	out, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		panic(err) // maps of strings, slices and numbers always marshal
	}
	return append(out, '\n')
}

// scalar is what the loader reads as text: any YAML scalar but null.
var scalar = []string{"string", "number", "boolean"}

// ratePattern is what model.ParseRate accepts: a non-negative decimal
// number, a slash and a unit.
const ratePattern = `^\s*([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?\s*/\s*(s|min|h|day)\s*$`

func object(fields []model.Field) map[string]any {
	props := map[string]any{}
	var required []string
	for _, f := range fields {
		p := value(f.Value)
		p["description"] = f.Doc
		props[f.Name] = p
		if f.Required {
			required = append(required, f.Name)
		}
	}
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

func value(v model.Value) map[string]any {
	switch v.Kind {
	case model.Object:
		return object(v.Fields)
	case model.Map:
		return map[string]any{"type": "object", "additionalProperties": value(*v.Elem)}
	case model.List:
		return map[string]any{"type": "array", "items": value(*v.Elem), "minItems": 1}
	case model.Int:
		s := map[string]any{"type": "integer", "minimum": v.Min}
		if len(v.Enum) > 0 {
			var enum []int64
			for _, e := range v.Enum {
				n, err := strconv.ParseInt(e, 10, 64)
				if err != nil {
					panic("model: integer enum " + e)
				}
				enum = append(enum, n)
			}
			s["enum"] = enum
		}
		return s
	case model.String:
		return map[string]any{"type": scalar}
	case model.Enum:
		return map[string]any{"enum": v.Enum}
	case model.Bool:
		return map[string]any{"type": "boolean"}
	case model.RateValue:
		return map[string]any{"type": "string", "pattern": ratePattern}
	case model.PropertyValue:
		long := object(v.Fields)
		return map[string]any{"oneOf": []any{map[string]any{"enum": v.Enum}, long}}
	case model.MemberValue:
		return map[string]any{"oneOf": []any{
			map[string]any{"type": scalar, "description": "an entity type of the table"},
			map[string]any{"type": "object", "minProperties": 1, "maxProperties": 1,
				"additionalProperties": map[string]any{"type": "integer", "minimum": 1},
				"description":          "{EntityType: number of entities of that type in the group}"},
		}}
	case model.ThroughputValue:
		ru := map[string]any{"type": "integer", "minimum": 1}
		return map[string]any{"oneOf": []any{
			map[string]any{"type": "integer", "minimum": 1, "description": "provisioned RU/s"},
			map[string]any{"enum": []string{"serverless"}},
			map[string]any{"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": false,
				"properties":  map[string]any{"provisioned": ru, "autoscale": ru},
				"description": "{provisioned: RU/s} or {autoscale: maximum RU/s}"},
		}}
	}
	panic("schema: unknown model.ValueKind " + strconv.Itoa(int(v.Kind)))
}
