// Package debatelog keeps the turns of AI debates: the debate id as
// PartitionKey, a padded clock reading as RowKey, one row per turn.
package debatelog

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Turn is one exchange as the app shows it.
type Turn struct {
	Debate  string
	Key     string
	Speaker string
	Text    string
	At      time.Time
}

// Store is the debate table.
type Store struct {
	tc      *aztables.Client
	archive *aztables.Client
}

// Append stores one turn.
func (s *Store) Append(ctx context.Context, debate, speaker, text string) error {
	now := time.Now()
	e := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: debate, RowKey: fmt.Sprintf("%019d", now.UnixNano())},
		Properties: map[string]any{
			"Speaker":   speaker,
			"Text":      text,
			"Timestamp": now.Format(time.RFC3339), // L: TL114 TL128
		},
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = s.tc.AddEntity(ctx, b, nil)
	return err
}

// History lists a debate's turns in order.
func (s *Store) History(ctx context.Context, debate string) ([]Turn, error) {
	f := fmt.Sprintf("PartitionKey eq '%s'", debate) // L: TL321
	pager := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	var turns []Turn
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var m map[string]any
			if err := json.Unmarshal(raw, &m); err != nil {
				return nil, err
			}
			pk, _ := m["PartitionKey"].(string)
			rk, _ := m["RowKey"].(string)
			sp, _ := m["Speaker"].(string)
			tx, _ := m["Text"].(string)
			turns = append(turns, Turn{Debate: pk, Key: rk, Speaker: sp, Text: tx})
		}
	}
	return turns, nil
}

// BySpeaker lists one speaker's turns of a debate (added: both values
// escaped, a non-key test inside the partition).
func (s *Store) BySpeaker(ctx context.Context, debate, speaker string) (int, error) {
	esc := func(v string) string { return strings.ReplaceAll(v, "'", "''") }
	f := fmt.Sprintf("PartitionKey eq '%s' and Speaker eq '%s'", esc(debate), esc(speaker)) // S
	pager := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})           // L: TL303
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

// Archive copies a finished debate into the archive table in one
// transaction (added: every turn, one partition, no chunking).
func (s *Store) Archive(ctx context.Context, debate string) error {
	turns, err := s.History(ctx, debate)
	if err != nil {
		return err
	}
	acts := make([]aztables.TransactionAction, 0, len(turns))
	for _, t := range turns {
		b, _ := json.Marshal(map[string]any{"PartitionKey": debate, "RowKey": t.Key, "Speaker": t.Speaker, "Text": t.Text})
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
	}
	_, err = s.archive.SubmitTransaction(ctx, acts, nil) // L: TL401
	return err
}

// Ruling is the judge's verdict on a debate (added: the cited turns kept
// as a list inside the entity).
type Ruling struct {
	aztables.Entity
	Winner string
	Cited  []string // L: TL126
	Score  float64
}

// Judge stores the verdict.
func (s *Store) Judge(ctx context.Context, debate, winner string, cited []string) error {
	b, _ := json.Marshal(Ruling{Entity: aztables.Entity{PartitionKey: debate, RowKey: "ruling"}, Winner: winner, Cited: cited})
	_, err := s.tc.UpsertEntity(ctx, b, nil)
	return err
}

// JudgeFlat stores the verdict with the cited turn keys (19 digits each)
// as one string, at most 50 of them (added).
func (s *Store) JudgeFlat(ctx context.Context, debate, winner string, cited []string) error {
	keys := make([]string, 0, 50)
	for _, c := range cited {
		if len(keys) == 50 {
			break
		}
		if len(c) > 19 {
			c = c[:19]
		}
		keys = append(keys, c)
	}
	b, _ := json.Marshal(map[string]any{"PartitionKey": debate, "RowKey": "ruling", "Winner": winner, "Cited": strings.Join(keys, ",")}) // S
	_, err := s.tc.UpsertEntity(ctx, b, nil)
	return err
}
