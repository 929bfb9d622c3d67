package pagewrapa

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// FakePages serves canned pages, in order, the way the issue wishes a test
// could: an empty page with a continuation is allowed, as the service sends
// them.
type FakePages struct {
	pages [][]aztables.EDMEntity
	next  int
	Err   error
}

// NewFakeLister returns a Lister whose every query gets the same pages.
func NewFakeLister(pages ...[]aztables.EDMEntity) Lister {
	return func(*aztables.ListEntitiesOptions) Pages {
		return &FakePages{pages: pages}
	}
}

// More reports whether a page is left.
func (f *FakePages) More() bool { return f.next < len(f.pages) }

// NextPage encodes the next canned page as the service would return it.
func (f *FakePages) NextPage(context.Context) (aztables.ListEntitiesResponse, error) {
	if f.Err != nil {
		return aztables.ListEntitiesResponse{}, f.Err
	}
	if !f.More() {
		return aztables.ListEntitiesResponse{}, errors.New("fake: no more pages")
	}
	var resp aztables.ListEntitiesResponse
	for _, e := range f.pages[f.next] {
		b, err := json.Marshal(e)
		if err != nil {
			return resp, err
		}
		resp.Entities = append(resp.Entities, b)
	}
	f.next++
	return resp, nil
}
