// Package joinfill: a list joined into one property, filled by callers
// with a list decoded from the request.
package joinfill

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Recipe is what the API receives.
type Recipe struct {
	ID    string
	Title string
	Steps []string
}

type recipeRow struct {
	aztables.Entity
	Title string
	Steps string
}

func rowOf(rc Recipe) recipeRow { // want rowOf:"fills\\(0.Title→Title, join\\(0.Steps\\)→Steps\\)"
	return recipeRow{
		Entity: aztables.Entity{PartitionKey: "recipes", RowKey: "r1"},
		Title:  rc.Title,
		Steps:  strings.Join(rc.Steps, "\n"), // want `TL122: property Steps is filled with what line 69 passes to Put, with no length check`
	}
}

// Book is the store the handlers use.
type Book interface {
	Put(ctx context.Context, rc Recipe) error
}

type tableBook struct{ tc *aztables.Client }

func (b *tableBook) Put(ctx context.Context, rc Recipe) error { // want Put:"fills\\(1.Title→Title, join\\(1.Steps\\)→Steps\\)"
	data, err := json.Marshal(rowOf(rc))
	if err != nil {
		return err
	}
	_, err = b.tc.UpsertEntity(ctx, data, nil)
	return err
}

// direct joins a decoded list where it writes it.
func direct(ctx context.Context, tc *aztables.Client, r *http.Request) error {
	var rc Recipe
	if err := json.NewDecoder(r.Body).Decode(&rc); err != nil {
		return err
	}
	data, _ := json.Marshal(recipeRow{Entity: aztables.Entity{PartitionKey: "recipes", RowKey: "r2"}, Steps: strings.Join(rc.Steps, ";")}) // want `TL122: property Steps is filled from a request list \(body.Steps\) joined with no length check`
	_, err := tc.AddEntity(ctx, data, nil)
	return err
}

type api struct{ book Book }

func (a *api) create(w http.ResponseWriter, r *http.Request) {
	var rc Recipe
	if err := json.NewDecoder(r.Body).Decode(&rc); err != nil {
		return
	}
	_ = a.book.Put(r.Context(), rc)
}

// Silent: the steps are the code's own, a list of two.
func (a *api) sample(ctx context.Context) error {
	rc := Recipe{ID: "sample", Title: "Toast"}
	rc.Steps = []string{"slice", "toast"}
	return a.book.Put(ctx, rc)
}

var _ Book = (*tableBook)(nil)
