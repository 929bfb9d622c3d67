// Package injectnamed: a helper's name does not make it a validator. A
// query helper whose name holds "match" or "check" runs the filter it is
// given; only a function that returns what a test returns (a bool, an
// error, the cleaned text) and is named like one counts as a check.
package injectnamed

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

var tbl *aztables.Client

// entriesMatching runs whatever filter it is given and returns the rows.
func entriesMatching(ctx context.Context, filter string) ([][]byte, error) {
	var out [][]byte
	p := tbl.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Entities...)
	}
	return out, nil
}

// checkedCount returns how many rows a filter selects: a count, not a test.
func checkedCount(ctx context.Context, filter string) int {
	rows, _ := entriesMatching(ctx, filter)
	return len(rows)
}

// Reported: the shelf is passed to a query helper, never tested.
func byShelf(w http.ResponseWriter, r *http.Request) {
	shelf := r.URL.Query().Get("shelf")
	filter := "PartitionKey eq 'books' and Shelf eq '" + shelf + "'" // want `TL321: shelf \(string\)`
	_, _ = entriesMatching(r.Context(), filter)
}

func countSince(w http.ResponseWriter, r *http.Request) {
	since := r.URL.Query().Get("since")
	_ = checkedCount(r.Context(), "PartitionKey eq 'books' and Added ge datetime'"+since+"'") // want `TL321: since \(string\)`
}

// validShelf tests a shelf name: a bool, so a check by its name.
func validShelf(s string) bool { return s != "" && !strings.Contains(s, "'") }

// matchesShelfPolicy tests a shelf name: an error, so a check too.
func matchesShelfPolicy(s string) error {
	if s == "" {
		return errors.New("empty shelf")
	}
	return nil
}

// Silent: each value is tested by a function named and shaped like a test.
func byShelfChecked(w http.ResponseWriter, r *http.Request) {
	shelf := r.URL.Query().Get("shelf")
	if !validShelf(shelf) {
		http.Error(w, "bad shelf", http.StatusBadRequest)
		return
	}
	_, _ = entriesMatching(r.Context(), "PartitionKey eq 'books' and Shelf eq '"+shelf+"'")
}

func byShelfPolicy(w http.ResponseWriter, r *http.Request) {
	shelf := r.URL.Query().Get("shelf")
	if err := matchesShelfPolicy(shelf); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	_, _ = entriesMatching(r.Context(), "PartitionKey eq 'books' and Shelf eq '"+shelf+"'")
}

// matchTitle formats a comparison: one string back, a formatter, not a
// test. The title is reported here, where it is quoted.
func matchTitle(title string) string {
	return "PartitionKey eq 'books' and Title eq '" + title + "'" // want `TL321: title \(string\)`
}

// ByTitle lists the books with a title the caller gives.
func ByTitle(ctx context.Context, title string) ([][]byte, error) {
	return entriesMatching(ctx, matchTitle(title))
}

// checkAuthor returns the author it tested and whether it failed: a
// test by its name and its results.
func checkAuthor(a string) (string, error) {
	if strings.Contains(a, "'") {
		return "", errors.New("bad author")
	}
	return a, nil
}

// ByAuthor is silent: the author is tested before it is quoted.
func ByAuthor(ctx context.Context, author string) ([][]byte, error) {
	if _, err := checkAuthor(author); err != nil {
		return nil, err
	}
	return entriesMatching(ctx, "PartitionKey eq 'books' and Author eq '"+author+"'")
}
