// Package liftlog records gym sets: a service behind an interface, keys
// given by the caller, reads through filters built with Sprintf.
package liftlog

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const setsTable = "sets"

// Set is one exercise set.
type Set struct {
	aztables.Entity
	Day    string
	Weight float64
	Reps   int
	Rounds int
	Warmup bool
}

// Service is what the HTTP layer calls.
type Service interface {
	One(ctx context.Context, pk, rk string) (Set, error)
	Log(ctx context.Context, s Set) (Set, error)
	Change(ctx context.Context, pk, rk string, s Set) (Set, error)
	Recent(ctx context.Context) ([]Set, error)
}

type tableService struct {
	svc *aztables.ServiceClient
}

// New returns the Service.
func New(svc *aztables.ServiceClient) Service { return &tableService{svc: svc} }

func (t *tableService) client() *aztables.Client { return t.svc.NewClient(setsTable) }

// One finds a set by both keys through a filter.
func (t *tableService) One(ctx context.Context, pk, rk string) (Set, error) {
	f := fmt.Sprintf("PartitionKey eq '%s' and RowKey eq '%s'", pk, rk) // L: TL321 TL321
	sel := "PartitionKey,RowKey,Day,Weight,Reps,Rounds,Warmup"
	pager := t.client().NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Select: &sel})
	var found Set
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return Set{}, err
		}
		for _, raw := range page.Entities {
			_ = json.Unmarshal(raw, &found)
		}
	}
	return found, nil
}

// Log stores a new set under today's date.
func (t *tableService) Log(ctx context.Context, s Set) (Set, error) {
	s.PartitionKey = time.Now().UTC().Format("2006-01-02") // L: TL209
	s.RowKey = fmt.Sprintf("%019d", time.Now().UnixNano()) // S
	b, err := json.Marshal(s)
	if err != nil {
		return Set{}, err
	}
	_, err = t.client().AddEntity(ctx, b, nil)
	return s, err
}

// Change overwrites a set with new values after reading it.
func (t *tableService) Change(ctx context.Context, pk, rk string, s Set) (Set, error) {
	cur, err := t.One(ctx, pk, rk)
	if err != nil {
		return Set{}, err
	}
	cur.Weight, cur.Reps, cur.Rounds = s.Weight, s.Reps, s.Rounds
	b, _ := json.Marshal(cur)
	_, err = t.client().UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // L: TL414
	return cur, err
}

// Recent shows the latest sets: one page of 15 from the whole table.
func (t *tableService) Recent(ctx context.Context) ([]Set, error) {
	top := int32(15)
	pager := t.client().NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: &top}) // L: TL301
	page, err := pager.NextPage(ctx)                                                   // L: TL307
	if err != nil {
		return nil, err
	}
	out := make([]Set, 0, len(page.Entities))
	for _, raw := range page.Entities {
		var s Set
		if json.Unmarshal(raw, &s) == nil {
			out = append(out, s)
		}
	}
	return out, nil
}

// Day lists one day's sets with the day escaped (added).
func (t *tableService) Day(ctx context.Context, day string) ([]Set, error) {
	f := fmt.Sprintf("PartitionKey eq '%s'", strings.ReplaceAll(day, "'", "''")) // S
	pager := t.client().NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	var out []Set
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var s Set
			if json.Unmarshal(raw, &s) == nil {
				out = append(out, s)
			}
		}
	}
	return out, nil
}

// Heavy lists a day's warm-up-free sets of at least min reps (added: a
// non-key test inside the partition).
func (t *tableService) Heavy(ctx context.Context, day string, min int) ([]Set, error) {
	esc := strings.ReplaceAll(day, "'", "''")
	f := fmt.Sprintf("PartitionKey eq '%s' and Warmup eq false and Reps ge %d", esc, min) // S
	pager := t.client().NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})   // L: TL303
	var out []Set
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var s Set
			if json.Unmarshal(raw, &s) == nil {
				out = append(out, s)
			}
		}
	}
	return out, nil
}
