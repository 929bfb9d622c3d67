// Package injectargv: a value is checked by a test of that value, not by
// a cleaned copy of it. Giving the warehouse code to a function that
// returns an escaped copy (html.EscapeString, a sanitize helper returning
// text) for a report leaves the code itself as it was; so does testing
// the count of arguments or parsing another one. Such a code passed on
// to a helper that quotes its parameter is reported there.
package injectargv

import (
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func countRows(ctx context.Context, tc *aztables.Client, f string) int {
	p := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	n := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n
		}
		n += len(page.Entities)
	}
	return n
}

// stock's one caller passes argv[1], which nothing tests.
func stock(ctx context.Context, tc *aztables.Client, warehouse string, limit int) int {
	f := "PartitionKey eq '" + warehouse + "'" // want `TL321: warehouse \(string\)`
	if limit > 0 {
		return min(countRows(ctx, tc, f), limit)
	}
	return countRows(ctx, tc, f)
}

// heading writes an escaped copy of the code into a page.
func heading(w io.Writer, code string, n int) {
	fmt.Fprintf(w, "<h2>%s: %d</h2>\n", html.EscapeString(code), n)
}

// Main tests the count of arguments, parses argv[2] and prints an escaped
// copy of argv[1]: none of these checks argv[1].
func Main(ctx context.Context, tc *aztables.Client, w io.Writer, argv []string) error {
	if len(argv) != 3 {
		return errors.New("usage: stock WAREHOUSE LIMIT")
	}
	code := argv[1]
	limit, err := strconv.Atoi(argv[2])
	if err != nil {
		return err
	}
	heading(w, code, stock(ctx, tc, code, limit))
	return nil
}

// sanitizeLabel returns a copy for a log line.
func sanitizeLabel(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// shelves' one caller logs a sanitized copy of argv[1]: reported.
func shelves(ctx context.Context, tc *aztables.Client, aisle string) int {
	return countRows(ctx, tc, fmt.Sprintf("Aisle eq '%s'", aisle)) // want `TL321: aisle \(string\)`
}

func Shelves(ctx context.Context, tc *aztables.Client, w io.Writer, argv []string) int {
	fmt.Fprintln(w, "aisle", sanitizeLabel(argv[1]))
	return shelves(ctx, tc, argv[1])
}

// Silent twins: the value that reaches the filter is the escaped or
// tested one.

// validBin tests every character of a bin number.
func validBin(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

func bins(ctx context.Context, tc *aztables.Client, bin string) int {
	return countRows(ctx, tc, "Bin eq '"+bin+"'")
}

// Bins tests argv[1] itself.
func Bins(ctx context.Context, tc *aztables.Client, argv []string) (int, error) {
	if len(argv) < 2 || !validBin(argv[1]) {
		return 0, errors.New("usage: bins BIN")
	}
	return bins(ctx, tc, argv[1]), nil
}

// Pallets passes the escaped copy on, not the code.
func pallets(ctx context.Context, tc *aztables.Client, owner string) int {
	return countRows(ctx, tc, "Owner eq '"+owner+"'")
}

func Pallets(ctx context.Context, tc *aztables.Client, argv []string) int {
	owner := strings.ReplaceAll(argv[1], "'", "''")
	return pallets(ctx, tc, owner)
}

// docks' one caller passes argv[1] on a path that returns before argv[1]
// is parsed: the parse, read of the same element, has not run there.
func docks(ctx context.Context, tc *aztables.Client, dock string) int {
	return countRows(ctx, tc, "Dock eq '"+dock+"'") // want `TL321: dock \(string\)`
}

func Docks(ctx context.Context, tc *aztables.Client, argv []string) (int, error) {
	if len(argv) > 2 && argv[2] == "byname" {
		return docks(ctx, tc, argv[1]), nil
	}
	n, err := strconv.Atoi(argv[1])
	return n, err
}

// escapeCrate returns a name without quotes as it is and doubles the
// quotes of any other: what it returns is taken as escaped. Silent.
func escapeCrate(s string) string {
	if strings.Count(s, "'") == 0 {
		return s
	}
	return strings.ReplaceAll(s, "'", "''")
}

func Crates(ctx context.Context, tc *aztables.Client, argv []string) int {
	return countRows(ctx, tc, "Crate eq '"+escapeCrate(argv[1])+"'")
}
