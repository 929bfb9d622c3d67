package rules

// The rules only Go code can break, checked by the analyzers under
// analyzers/ (query side: paging and filter injection).
func init() {
	Register(
		&Rule{
			ID: "TL307", Name: "continuation-ignored", Severity: Error,
			Targets:   []Target{GoCode},
			Title:     "Only the first page of a query is read",
			Rationale: "The Table service returns a query's results in segments: a response stops at 1,000 entities, after five seconds, or at a partition boundary, and carries a continuation token. Code that calls NextPage once outside a `More()` loop, or reads a legacy QueryEntities result without following NextResults, silently drops the rest of the results — usually only once the table has grown.\n\nSilent for point queries (PartitionKey eq and RowKey eq: at most one entity), for pagers read in a loop, returned or passed on, and for code that follows NextPartitionKey/NextRowKey itself.",
			Source:    `"Table storage returns a continuation token … if any of the following are true: The result set contains more than 1,000 entities. The query didn't complete within five seconds. The query crosses the partition boundary." (Azure Table storage table design guide)`,
			Bad:       "pager := client.NewListEntitiesPager(opts)\npage, err := pager.NextPage(ctx)\nuse(page.Entities)",
			Good:      "pager := client.NewListEntitiesPager(opts)\nfor pager.More() {\n\tpage, err := pager.NextPage(ctx)\n\t…\n}",
			Hint:      "loop with for pager.More() { page, err := pager.NextPage(ctx) … } (or follow NextResults / NextPartitionKey and NextRowKey)",
			Since:     "0.1.0",
		},
		&Rule{
			ID: "TL308", Name: "short-page-assumed-final", Severity: Warning,
			Targets:   []Target{GoCode},
			Title:     "Paging stops when a page is shorter than expected",
			Rationale: "A segment can hold fewer entities than Top — even none — and still carry a continuation token. A loop that stops when a page is short (or empty) ends early and drops results; only the continuation token (`pager.More()`, `NextPartitionKey`/`NextRowKey`, `NextLink`) says whether more follow.",
			Source:    `"Table storage might return a segment containing fewer than n entities, along with a continuation token to enable you to retrieve the remaining entities." (Azure Table storage table design guide)`,
			Bad:       "for pager.More() {\n\tpage, _ := pager.NextPage(ctx)\n\tif len(page.Entities) < pageSize {\n\t\tbreak\n\t}\n}",
			Good:      "for pager.More() {\n\tpage, _ := pager.NextPage(ctx)\n\t…\n}",
			Hint:      "decide whether to continue from the continuation token (pager.More()), never from the page's length",
			Since:     "0.1.0",
		},
		&Rule{
			ID: "TL321", Name: "filter-injection", Severity: Error,
			Targets:   []Target{GoCode},
			Title:     "A string is put into a filter literal without escaping single quotes",
			Rationale: "An OData string literal ends at a single quote; a quote inside a value must be doubled. A value interpolated into `'…'` without escaping lets its text end the literal and add conditions — `x' or PartitionKey ne '` turns a point query into a read of the whole table — or simply makes the filter invalid. Integers, booleans, UUIDs and times formatted with a constant layout cannot hold a quote and are not reported. Nor is a value the code tests before using it: given to a regular expression, a parser (uuid.Parse, strconv), a character test, a function named valid…, check…, verify…, sanitize… or ensure… that returns a test's result (a bool or an error), or a bool function of any name that returns true only after testing every character to be in a class without the quote (nor `/ \\ # ?` or control characters: `r < '0' || r > '9'`, `unicode.IsDigit`, `strings.ContainsRune` of a constant set, in a range or byte loop), or a function of the package whose body tests it that way; where the test sits is not weighed. A value compared equal to configuration is still reported: the configured text may hold a quote. Also silent for a parameter of an unexported function when every call the package makes passes such a value or a constant without a quote (a method the package also calls through an interface is checked where the value is interpolated). A value whose quotes were doubled and then cut (`strings.ReplaceAll(s, \"'\", \"''\")[:n]`, or cut by a helper) counts as unescaped: the cut can split a doubled quote; silent when it is cut before escaping, or its trailing quotes are trimmed after the cut (strings.TrimRight(s, \"'\")).",
			Source:    `OData ABNF (OData Version 4.0 Part 2: URL Conventions, ABNF construction rules): SQUOTE-in-string = SQUOTE SQUOTE ; two consecutive single quotes represent one within a string literal`,
			Bad:       `fmt.Sprintf("PartitionKey eq '%s'", r.FormValue("dept"))`,
			Good:      `"PartitionKey eq " + odata.Quote(r.FormValue("dept"))   // or strings.ReplaceAll(dept, "'", "''")`,
			Hint:      "escape the value: odata.Quote(s) from github.com/tablelint/tablelint/odata, or strings.ReplaceAll(s, \"'\", \"''\")",
			Since:     "0.1.0",
			// A value that ends the literal adds conditions to the query
			// (improper neutralization of special elements in data query
			// logic): it can read a whole table.
			Security: &Security{Severity: "7.5", CWEs: []string{"CWE-943"}},
		},
	)
}
