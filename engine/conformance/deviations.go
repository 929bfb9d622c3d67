// Package conformance checks the reference engine (engine/store,
// engine/exec) against Azurite, the Azure Storage emulator, through the
// real aztables SDK. The check is a test (azurite_test.go); this file
// holds the list of known places where Azurite differs from the documented
// Table service, so that the test can exclude exactly those cases, by
// name, and nothing broader. DEVIATIONS.md describes each with its
// evidence.
package conformance

// Deviation is a known difference between Azurite 3.37.0 and the Table
// service as documented; the engine follows the service.
type Deviation struct {
	// Name identifies the deviation in test logs and DEVIATIONS.md.
	Name string
	// Azurite is what Azurite does.
	Azurite string
	// Service is what the documented service (and the engine) does.
	Service string
}

// Deviations lists every known deviation. The differential test skips a
// generated case only when it is tagged with one of these names, and a
// canary per deviation fails when Azurite stops deviating, so the list
// cannot go stale.
var Deviations = []Deviation{
	{"no-partition-boundary", "pages span partitions; a continuation comes only after 1,000 entities or $top",
		"a query that crosses a partition boundary returns a continuation there (\"The query crosses the partition boundary\", Azure Table storage table design guide)"},
	{"full-page-lookahead", "after a full page ($top or 1,000) it returns a continuation only if another matching entity exists",
		"the engine stops when the page is full and returns the next key, so the last page may be empty"},
	{"cross-type-comparison", "compares a property with a literal of another type as JavaScript values, so most type pairs can match (Int32 5 eq 5.0, Int64 5 eq '5', a String ne any Guid, every type ne true)",
		"a comparison between a property and a literal of another type matches nothing, for every operator"},
	{"int64-literal-500", "an Int64 literal (5L) compared with a property that some entity holds with another type fails with 500",
		"the comparison matches nothing on those entities; the query succeeds"},
	{"binary-order", "orders Binary values by their base64 text in gt, ge, lt, le (X'05' is not lt X'ff')",
		"Binary values compare by value, byte by byte"},
	{"empty-key-continuation", "a continuation whose next entity has an empty PartitionKey is sent as an empty header, so the SDK's pager stops there",
		"the continuation names the next entity; an empty key is a valid key"},
	{"datetime-ms", "DateTime comparisons are at millisecond precision",
		"DateTime values are 64-bit with 100 ns ticks; comparisons use all seven fractional digits"},
	{"guid-case", "Guids compare as case-sensitive strings: guid'abc…' does not match a Guid stored as ABC…",
		"a Guid is a 128-bit value and compares by value"},
	{"invalid-key-in-url-500", "answers 500 to an update, upsert or delete whose key contains '/' (the key is part of the URL path)",
		"400 InvalidInput, as for an insert with that key"},
	{"integral-double-untyped", "returns a Double with an integral value (2.0) as the JSON number 2 without an Edm.Double annotation, even in full metadata, so clients read it back as an Int32",
		"the value stays a Double on the wire"},
	{"too-many-properties", "accepts more than 252 custom properties",
		"400 TooManyProperties (\"up to 252 custom properties\")"},
	{"entity-too-large", "accepts entities over 1 MiB", "400 EntityTooLarge (\"cannot exceed 1 MiB\")"},
	{"property-name-rules", "accepts property names with '-', spaces, a leading digit, or over 255 characters",
		"400 PropertyNameInvalid / PropertyNameTooLong (C# identifiers, no dash, at most 255 characters)"},
	{"datetime-range", "accepts DateTime values before 1601-01-01",
		"400 OutOfRangeInput (the range begins 1601-01-01)"},
	{"typed-value-validation", "accepts malformed Edm.DateTime, Edm.Guid and Edm.Int64 strings and out-of-range Edm.Int32 numbers",
		"400 InvalidInput or OutOfRangeInput"},
	{"unknown-type-500", "answers 500 to an unknown Edm type annotation and to a non-string PartitionKey",
		"400 InvalidInput"},
	{"batch-cross-partition", "commits a transaction whose actions name different partitions",
		"400 CommandsInBatchActOnDifferentPartitions (\"EGTs can only operate on entities stored in the same partition\")"},
	{"batch-over-100", "answers a 101-action transaction with a response the SDK cannot parse",
		"400 InvalidInput naming the first action over the limit (\"A transaction can include at most 100 entities\")"},
	{"table-reuse-delay", "creates a table again at once after deleting it",
		"409 TableBeingDeleted for 40 seconds after the delete (\"Expect a delay if you want to reuse the same table name after deleting it\", Azure Table storage table design guide)"},
}

// Known reports whether name is a listed deviation.
func Known(name string) bool {
	for _, d := range Deviations {
		if d.Name == name {
			return true
		}
	}
	return false
}
