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
// formatted with a constant layout, a strconv conversion of a number, a
// hex or base64 encoding, or a value escaped by odata.Quote,
// url.QueryEscape,
//
//	strings.ReplaceAll(s, "'", "''")
//
// a strings.Replacer whose pairs double or drop the quote, a regular
// expression compiled from a constant pattern that matches every quote
// (ReplaceAllString), made in place or kept in a package variable, a
// value a regular expression or a parser checked (or a bool function
// of any name that returns true only after testing every character to
// be in a class without the quote, / \ # ? or control characters: a
// range or byte loop with r < '0' || r > '9', unicode.IsDigit…,
// strings.ContainsRune of a constant set), a package variable
// only ever set to constants, or a helper — a named function or a
// closure — that writes every quote twice (a loop over the characters
// appending to a slice, a builder or a string) or escapes with the
// calls above (or, in another package the analysis does not read,
// whose name says it escapes or quotes). What the value-flow layer
// (analyzers/internal/flow) knows of the value decides. A value whose
// quotes were doubled and then cut (s[:n] or s[i:] after the escape, in
// the function or in a helper it is passed to) is not escaped: the cut
// can leave half a pair; cut before the escape, cut within its known
// size, or with its trailing quotes trimmed after the cut
// (strings.TrimRight(s, "'")), it still is.
//
// A part is reported where it enters the quoted literal, whatever its
// origin: a parameter of the enclosing function (exported or not)
// included, and the calls of that function are then not reported for
// what they pass. One exception keeps a fix from escaping twice: when a
// caller in the function's own package passes an escaped value, the
// function's contract is "callers escape", and each call passing an
// unescaped value is reported instead (in any package).
//
// A filter variable built up in several assignments (if/else, +=) is
// checked piece by piece, and a filter returned by a query-builder
// function of the same package is checked in each value it returns.
// Filters the value-flow layer follows (analyzers/internal/flow: clauses
// appended to a slice and joined, in branches or in a loop, a small
// combinator library, values returned through helpers and interfaces)
// are checked in every shape they can take; a value is reported once,
// at the + or fmt.Sprintf argument where it enters the quoted literal
// (in a helper that quotes its parameter, at the helper's line), not
// where it was computed, and a variable quoted twice on one line (a
// range's two bounds) is reported once.
//
// The suggested fix escapes the value: when the file imports
// github.com/tablelint/tablelint/odata and the value is a fmt.Sprintf
// argument written as '%s' in a constant format, it becomes
// odata.Quote(value) with the quotes removed from the format; otherwise
// the value is wrapped in strings.ReplaceAll with the arguments above
// (adding the strings import when needed). A value of an interface or
// named type gets no fix: wrapping it alone would not compile.
package filterinjection
