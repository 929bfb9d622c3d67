package pagecount

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Visit is one page view to record.
type Visit struct {
	Page string
	At   time.Time
	From string
}

func visitAction(v Visit) aztables.TransactionAction {
	b, _ := json.Marshal(map[string]any{
		"PartitionKey": pageKey(v.Page),
		"RowKey":       v.At.UTC().Format("20060102T150405.000000000"),
		"From":         v.From,
	})
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b}
}

// Record (added) writes a batch of visits to many pages in one transaction.
func Record(ctx context.Context, tc *aztables.Client, visits []Visit) error {
	acts := make([]aztables.TransactionAction, 0, len(visits))
	for _, v := range visits {
		acts = append(acts, visitAction(v))
	}
	_, err := tc.SubmitTransaction(ctx, acts, nil) // L: TL401 TL403
	return err
}

// RecordByPage (added) is the twin: one transaction per page, 100 at most.
func RecordByPage(ctx context.Context, tc *aztables.Client, visits []Visit) error {
	byPage := map[string][]Visit{}
	for _, v := range visits {
		byPage[v.Page] = append(byPage[v.Page], v)
	}
	for _, group := range byPage {
		for start := 0; start < len(group); start += 100 {
			end := min(start+100, len(group))
			acts := make([]aztables.TransactionAction, 0, end-start)
			for _, v := range group[start:end] {
				acts = append(acts, visitAction(v))
			}
			if _, err := tc.SubmitTransaction(ctx, acts, nil); err != nil { // S
				return err
			}
		}
	}
	return nil
}

// Counts (added) reads the counts of a few pages with an or over RowKeys.
func Counts(ctx context.Context, tc *aztables.Client, paths []string) (map[string]int32, error) {
	var ors []string
	for _, p := range paths {
		ors = append(ors, "RowKey eq '"+strings.ReplaceAll(pageKey(p), "'", "''")+"'") // S
	}
	f := "PartitionKey eq 'pages' and (" + strings.Join(ors, " or ") + ")"
	pager := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL304
	out := map[string]int32{}
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var v struct {
				Path  string
				Count int32 `json:"count"`
			}
			if json.Unmarshal(raw, &v) == nil {
				out[v.Path] = v.Count
			}
		}
	}
	return out, nil
}

// CountOne (added) is the twin: one point read per page.
func CountOne(ctx context.Context, tc *aztables.Client, path string) (int32, error) {
	resp, err := tc.GetEntity(ctx, "pages", pageKey(path), nil) // S
	if err != nil {
		return 0, err
	}
	var v views
	err = json.Unmarshal(resp.Value, &v)
	return v.Count, err
}
