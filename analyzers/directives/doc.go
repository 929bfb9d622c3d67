// Package directives defines an analyzer that reads tablelint's
// suppression directives, so that every driver — `tablelint check`,
// `go vet -vettool=$(command -v tablelint)` and the golangci-lint plugin —
// suppresses exactly the same findings.
//
// # Analyzer directives
//
// directives: read //tablelint:ignore directives and report malformed ones (TL901, TL903)
//
// A directive is a line comment with no space after the slashes:
//
//	//tablelint:ignore TL301 nightly export scans the table on purpose
//	//tablelint:ignore TL204,TL205 legacy keys, migrated in the v2 table
//	//tablelint:file-ignore TL303 admin tool, partition scans are fine
//
// An ignore directive covers its own line and the next one; a
// file-ignore directive covers the whole file. Rules are named by ID or
// by name, separated by commas, and a reason is required. `// tablelint:`
// with a space is ordinary prose and is not read.
//
// The analyzer parses the directives of each package once. Every
// tablelint analyzer reports through it, so a finding a directive covers
// is dropped before any driver sees it. The analyzer itself reports a
// directive without a reason (TL901: it suppresses nothing) and one it
// cannot understand (TL903: an unknown verb, no rule list, an unknown
// rule). A directive that suppresses nothing (TL902) is reported only by
// `tablelint check`, which sees every analyzer's findings at once; go vet
// and golangci-lint run analyzers one package and one analyzer at a time
// and cannot tell.
package directives
