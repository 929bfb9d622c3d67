package libmodel

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Catalogue stores models in one table.
type Catalogue struct {
	c *aztables.Client
}

// Save upserts any model.
func (s *Catalogue) Save(ctx context.Context, m Tabled) error {
	b, err := json.Marshal(m.Row())
	if err != nil {
		return err
	}
	_, err = s.c.UpsertEntity(ctx, b, nil)
	return err
}

// Lend (added) records a loan.
func (s *Catalogue) Lend(ctx context.Context, l Loan) error {
	b, _ := json.Marshal(l)
	_, err := s.c.AddEntity(ctx, b, nil)
	return err
}

// ImportTitles (added) adds books one by one, all in the "title" partition.
func (s *Catalogue) ImportTitles(ctx context.Context, titles []Title) error {
	for i := range titles {
		b, err := json.Marshal(titles[i].Row())
		if err != nil {
			return err
		}
		if _, err := s.c.AddEntity(ctx, b, nil); err != nil { // L: TL406
			return err
		}
	}
	return nil
}

// ImportTitlesAtOnce (added) sends every book in one transaction.
func (s *Catalogue) ImportTitlesAtOnce(ctx context.Context, titles []Title) error {
	var acts []aztables.TransactionAction
	for i := range titles {
		b, _ := json.Marshal(titles[i].Row())
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
	}
	_, err := s.c.SubmitTransaction(ctx, acts, nil) // L: TL401
	return err
}

// ImportTitlesChunked (added) is the twin: one transaction per 100 books.
func (s *Catalogue) ImportTitlesChunked(ctx context.Context, titles []Title) error {
	var acts []aztables.TransactionAction
	for i := range titles {
		b, _ := json.Marshal(titles[i].Row())
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
		if len(acts) == 100 {
			if _, err := s.c.SubmitTransaction(ctx, acts, nil); err != nil { // S
				return err
			}
			acts = acts[:0]
		}
	}
	if len(acts) > 0 {
		_, err := s.c.SubmitTransaction(ctx, acts, nil) // S
		return err
	}
	return nil
}

type writerRow struct {
	PartitionKey string
	RowKey       string
	Surname      string `json:"surname"`
	Given        string `json:"given"`
	Born         string `json:"born"`
}

// Rename (added) changes an author's surname, sending only that property.
func (s *Catalogue) Rename(ctx context.Context, id, surname string) error {
	resp, err := s.c.GetEntity(ctx, "writer", id, nil)
	if err != nil {
		return err
	}
	var cur writerRow
	if err := json.Unmarshal(resp.Value, &cur); err != nil {
		return err
	}
	if cur.Surname == surname {
		return nil
	}
	b, _ := json.Marshal(map[string]any{"PartitionKey": "writer", "RowKey": id, "surname": surname})
	_, err = s.c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // L: TL411
	return err
}

// Respell (added) is the twin: a merge conditioned on the read.
func (s *Catalogue) Respell(ctx context.Context, id, surname string) error {
	resp, err := s.c.GetEntity(ctx, "writer", id, nil)
	if err != nil {
		return err
	}
	var cur writerRow
	_ = json.Unmarshal(resp.Value, &cur)
	cur.Surname = surname
	b, _ := json.Marshal(cur)
	_, err = s.c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag, UpdateMode: aztables.UpdateModeMerge}) // S
	return err
}

// TitlesOf (added) finds a writer's books by a non-key property, unescaped.
func (s *Catalogue) TitlesOf(ctx context.Context, writerID string) ([]string, error) {
	f := fmt.Sprintf("PartitionKey eq 'title' and writer eq '%s'", writerID)     // L: TL321
	pager := s.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL303
	var isbns []string
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if json.Unmarshal(raw, &e) == nil {
				isbns = append(isbns, e.RowKey)
			}
		}
	}
	return isbns, nil
}

// TitlesOfYear (added) filters on a number: nothing to escape.
func (s *Catalogue) TitlesOfYear(ctx context.Context, year int32) (int, error) {
	f := fmt.Sprintf("PartitionKey eq 'title' and year eq %d", year)             // S
	pager := s.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL303
	n := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}
