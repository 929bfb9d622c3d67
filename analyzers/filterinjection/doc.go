// Package filterinjection defines an Analyzer that finds strings put into
// Azure Table filter literals without escaping single quotes (TL321).
//
// # Analyzer filterinjection
//
// filterinjection: report run-time strings interpolated into a quoted
// OData literal of a table query's filter without escaping.
//
// The filter of every table query (see package tablescan for which calls
// are queries and how filters are reconstructed) is scanned for run-time
// parts that stand inside a quoted literal ('…', datetime'…', guid'…').
// Such a part is reported unless it cannot hold a single quote: a
// compile-time constant, an integer, float or boolean (formatted with a
// numeric verb, strconv.Itoa/FormatInt/…), a uuid.UUID, a time.Time
// formatted with a constant layout, or a value escaped by odata.Quote,
// url.QueryEscape or
//
//	strings.ReplaceAll(s, "'", "''")
//
// A part that is a parameter of the enclosing function is not reported
// there: the function becomes a filter sink (a fact) and each call is
// checked with its argument instead, in any package.
//
// The suggested fix escapes the value: when the file imports
// github.com/tablelint/tablelint/odata and the value is a fmt.Sprintf
// argument written as '%s' in a constant format, it becomes
// odata.Quote(value) with the quotes removed from the format; otherwise
// the value is wrapped in strings.ReplaceAll with the arguments above
// (adding the strings import when needed).
package filterinjection
