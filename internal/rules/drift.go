package rules

// The rules of `tablelint check --design FILE`: Go code compared with the
// design file it should implement.
func init() {
	Register(
		&Rule{
			ID: "TL519", Name: "undeclared-access-pattern", Severity: Warning,
			Targets: []Target{GoCode},
			Title:   "A query the code runs that no query of the design declares",
			Rationale: "A design's review — plans, partitions read, entities read per second, capacity — covers the queries the design lists. " +
				"A query the code runs that the design does not list is an access path nobody reviewed: its cost and its load on partitions are missing from the design's numbers. " +
				"With `--design FILE`, each query the code runs whose filter was reconstructed is compared with the design's queries of its table (every table when the code does not name the table): " +
				"by the filter's shape — the filter with every value, literal or placeholder, replaced by `?`, the `and`-ed conditions of the top level in any order — not by names.\n\n" +
				"Silent for filters that could not be reconstructed (built at run time from parts tablelint cannot follow) and without `--design`.",
			Source: `"A good starting point … is to ask "What queries will my application need to run to retrieve the data it needs?"" (Azure Table storage table design guide)`,
			Bad:    "code: fmt.Sprintf(\"PartitionKey eq '%s' and LastName eq '%s'\", dept, last); design: only byId: \"PartitionKey eq '{Department}' and RowKey eq '{EmployeeId}'\"",
			Good:   "design: byLastName: {filter: \"PartitionKey eq '{Department}' and LastName eq '{LastName}'\", rate: 5/s}",
			Hint:   "add the query to the design (tablelint extract writes it for you), or remove it from the code",
			Since:  "0.1.0",
		},
		&Rule{
			ID: "TL520", Name: "design-drift", Severity: Warning,
			Targets: []Target{GoCode},
			Title:   "Code that writes entities another way than the design says",
			Rationale: "The design's size estimates, key checks and partition loads hold only if the code writes what the design declares. With `--design FILE`, tablelint reports, where the code writes:\n\n" +
				"- a key whose shape contradicts the key template of the entity type it writes: other literal text or separators, another number or order of parts, another zero-padded width, another time layout, or a time where the template has none;\n" +
				"- a property written with another EDM type than the one declared (Int32, Int64 and Double count as one, numbers; a Go time.Time without an `@odata.type` annotation is stored as a String);\n" +
				"- an entity written to a table (named by a constant in the code) that the design does not list.\n\n" +
				"The entity type a write is is found by its table, its keys' shapes and its properties, not by names: the declared type whose key templates the keys can be instances of and that shares the most properties; " +
				"when no template fits, the type sharing the most properties, and then the key is reported.\n\n" +
				"Silent when a key's value or a property's type cannot be reconstructed, when a part of a key is any text (a string variable matches any placeholder), and for writes that share no property with any declared entity type.",
			Source: `"The Table service does not enforce any schema for tables, so two entities in the same table may have different sets of properties. Developers may choose to enforce a schema on the client side." (Understanding the Table service data model)`,
			Bad:    "design: rowKey: \"empid_{EmployeeId:%06d}\"; code: RowKey: fmt.Sprintf(\"emp-%d\", id)",
			Good:   "RowKey: fmt.Sprintf(\"empid_%06d\", id)",
			Hint:   "make the code write what the design declares, or change the design (and review it again)",
			Since:  "0.1.0",
		},
		&Rule{
			ID: "TL521", Name: "unused-design-element", Severity: Info,
			Targets: []Target{GoCode},
			Title:   "A declared query or entity type that no code uses",
			Rationale: "With `--design FILE`, a query of the design that no query of the analysed code matches (by table and filter shape, as for TL519), " +
				"and an entity type that no write of the code matches, in a table the code writes, are reported at the design's position. " +
				"Either the design describes what the code no longer does — its costs and capacity are then overstated — or the code that does it was not analysed.\n\n" +
				"Silent for the entity types of tables the code never writes (another service may write them) and when no package could be analysed.",
			Source: `"only add duplicate entities to support the queries your client application will run." (Azure Table storage table design guide)`,
			Bad:    "design: recent: {filter: \"Timestamp gt datetime'{now}'\"} while no code runs such a query",
			Good:   "remove the query from the design, or analyse the package that runs it",
			Hint:   "remove it from the design, or check the packages that use it",
			Since:  "0.1.0",
		},
	)
}
