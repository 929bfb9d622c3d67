package config

import (
	"encoding/json"

	"github.com/tablelint/tablelint/internal/cost"
	"github.com/tablelint/tablelint/internal/rules"
)

// SchemaPath is where the JSON Schema of the configuration file is
// checked in, relative to the repository root.
const SchemaPath = "schema/tablelint-config.schema.json"

// SchemaID is the schema's $id (its URL on GitHub).
const SchemaID = "https://raw.githubusercontent.com/tablelint/tablelint/main/" + SchemaPath

// Schema returns the JSON Schema (draft-07) of .tablelint.yaml, with
// every registered rule ID and name as a property of "rules" so that
// editors complete them. It is generated: `go generate ./internal/rules`
// writes it to SchemaPath.
func Schema() []byte {
	ruleProps := map[string]any{}
	for _, r := range rules.All() {
		ruleProps[r.ID] = map[string]any{"$ref": "#/definitions/severity", "description": r.Name + ": " + r.Title}
		ruleProps[r.Name] = map[string]any{"$ref": "#/definitions/severity", "description": r.ID + ": " + r.Title}
	}
	positive := func(desc string, def int) map[string]any {
		return map[string]any{"type": "number", "exclusiveMinimum": 0, "default": def, "description": desc}
	}
	s := map[string]any{
		"$schema":              "http://json-schema.org/draft-07/schema#",
		"$id":                  SchemaID,
		"title":                "tablelint configuration (.tablelint.yaml)",
		"type":                 "object",
		"additionalProperties": false,
		"definitions": map[string]any{
			"severity": map[string]any{"enum": []string{"off", "info", "warning", "error"}},
		},
		"properties": map[string]any{
			"version": map[string]any{"const": 1, "description": "configuration format version"},
			"target": map[string]any{"enum": []string{"storage", "cosmos"}, "default": "storage",
				"description": "the service the designs run on: Azure Table storage, or the Cosmos DB Table API (2 MB entities, results not in key order)"},
			"rules": map[string]any{
				"type":                 []string{"object", "null"},
				"description":          "severity per rule, by ID (TL301) or name (table-scan): off, info, warning or error",
				"properties":           ruleProps,
				"additionalProperties": false,
			},
			"exclude": map[string]any{
				"type":        []string{"array", "null"},
				"description": "path globs, relative to this file's directory, whose findings are not reported; ** matches any number of directories",
				"items":       map[string]any{"type": "string", "minLength": 1, "pattern": "^[^/]"},
			},
			"allowIncomplete": map[string]any{"type": "boolean", "default": false,
				"description": "check exits by its findings when some packages could not be analysed, or were analysed with missing imports (they are still named on stderr and in the report); without it such a run exits 2"},
			"throughput": map[string]any{
				"type":                 "object",
				"additionalProperties": false,
				"description":          "throughput assumptions for design review and replay (defaults: the published scalability targets of Azure Table storage)",
				"properties": map[string]any{
					"partitionEntitiesPerSecond":   positive("entities per second one partition serves", DefaultPartitionEntitiesPerSecond),
					"accountTransactionsPerSecond": positive("requests per second one storage account serves", DefaultAccountTransactionsPerSecond),
				},
			},
			"prices": map[string]any{
				"type":                 "object",
				"additionalProperties": false,
				"description":          "the price table of the monthly cost estimates of review and replay (defaults: Azure Table storage, Standard LRS, East US, pay-as-you-go, as published in 2024)",
				"properties": map[string]any{
					"currency":           map[string]any{"type": "string", "description": "the currency of the prices", "default": "USD"},
					"region":             map[string]any{"type": "string", "description": "the region the prices are for (a label)", "default": "eastus"},
					"transactionsPer10k": map[string]any{"type": "number", "minimum": 0, "description": "price of 10,000 billable transactions", "default": cost.TablePer10kTransactions},
					"egressPerGiB":       map[string]any{"type": "number", "minimum": 0, "description": "price of a GiB of data returned (0: clients in the same region)", "default": 0},
					"storagePerGBMonth":  map[string]any{"type": "number", "minimum": 0, "description": "price of a GB stored for a month (capacity)", "default": cost.TableStoragePerGBMonth},
				},
			},
		},
	}
	out, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		panic(err) // a static structure: cannot fail
	}
	return append(out, '\n')
}
