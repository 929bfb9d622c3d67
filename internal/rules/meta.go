package rules

// tablelint's own rules: findings about suppression directives rather than
// about Table storage. They keep `//tablelint:ignore` honest, as
// staticcheck does for its `//lint:ignore`: every directive says why, and a
// directive that no longer suppresses anything is reported so it can be
// removed.
func init() {
	Register(
		&Rule{
			ID: "TL901", Name: "directive-without-reason", Severity: Warning,
			Targets:   []Target{GoCode, Design},
			Title:     "A tablelint:ignore directive does not say why the finding is acceptable",
			Rationale: "A suppression is a decision someone made about a specific finding. Without a reason the next reader cannot tell whether the decision still holds when the code or the design changes, and reviewers cannot tell a considered exception from a silenced warning. So a directive without a reason suppresses nothing, as in staticcheck: the finding it names is still reported, next to this one asking for the reason.",
			Source:    "Any field of a design file may carry an inline suppression comment on its line: `# tablelint:ignore TL301 reason why this is acceptable`. The reason is required, as for staticcheck's `//lint:ignore Check reason`.",
			Bad:       "//tablelint:ignore TL301\npager := client.NewListEntitiesPager(nil)",
			Good:      "//tablelint:ignore TL301 admin export: runs nightly over the whole table on purpose\npager := client.NewListEntitiesPager(nil)",
			Hint:      "write the reason after the rule list: //tablelint:ignore TL301 why this is acceptable",
			Since:     "0.1.0",
		},
		&Rule{
			ID: "TL902", Name: "unused-directive", Severity: Warning,
			Targets:   []Target{GoCode, Design},
			Title:     "A tablelint:ignore directive suppresses nothing",
			Rationale: "A directive that matches no finding is stale: the problem was fixed, the code moved, or the rule ID is wrong. Left in place it would silently hide the next, unrelated finding of that rule on the same line. A directive is only reported as unused when its rule actually ran (a rule turned off in the configuration, or one that does not apply to the input, leaves its directives alone).",
			Source:    "tablelint's own rule, after staticcheck's unused `//lint:ignore` check: \"this linter directive didn't match anything; should it be removed?\"",
			Bad:       "//tablelint:ignore TL304 kept from an old version of the query\nfilter := odata.Eq(\"PartitionKey\", dept).String()",
			Good:      "filter := odata.Eq(\"PartitionKey\", dept).String()",
			Hint:      "remove the directive, or fix its rule ID or its placement (same line or the line above)",
			Since:     "0.1.0",
		},
		&Rule{
			ID: "TL903", Name: "malformed-directive", Severity: Warning,
			Targets:   []Target{GoCode, Design},
			Title:     "A tablelint: directive cannot be understood",
			Rationale: "A directive with a misspelt verb (`tablelint:ignroe`), no rule list, or a rule ID that does not exist suppresses nothing, so the finding it was meant for is still reported — or worse, is hidden by accident when the ID is a different real rule. Reporting it makes the mistake visible where it was made.",
			Source:    "tablelint's own rule. Directive syntax: `//tablelint:ignore TL301[,TL304] reason` (line or line above), `//tablelint:file-ignore TL301 reason` (Go), `# tablelint:ignore TL301 reason` (design files).",
			Bad:       "//tablelint:ignore TL3O1 typo: letter O instead of zero",
			Good:      "//tablelint:ignore TL301 admin export scans on purpose",
			Hint:      "use tablelint:ignore or tablelint:file-ignore followed by rule IDs or names (see `tablelint rules`) and a reason",
			Since:     "0.1.0",
		},
	)
}
