package tail

import (
	"context"
	"encoding/json"
	"slices"
	"sort"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type version struct {
	Name  string
	Valid time.Time
}

// Every page read, sorted, to keep the newest and the oldest.
func newestByValidity(ctx context.Context, c *aztables.Client) (string, error) {
	var all []version
	pager := c.NewListEntitiesPager(nil)
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return "", err
		}
		for _, raw := range page.Entities {
			var v version
			if json.Unmarshal(raw, &v) == nil {
				all = append(all, v)
			}
		}
	}
	if len(all) == 0 {
		return "", nil
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Valid.After(all[j].Valid) }) // want `TL312`
	return all[0].Name + all[len(all)-1].Name, nil
}

// Silent: after the sort every element is used.
func ordered(ctx context.Context, c *aztables.Client) ([]string, error) {
	var all []version
	pager := c.NewListEntitiesPager(nil)
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var v version
			if json.Unmarshal(raw, &v) == nil {
				all = append(all, v)
			}
		}
	}
	slices.SortFunc(all, func(a, b version) int { return a.Valid.Compare(b.Valid) })
	first := all[0].Name
	names := []string{first}
	for _, v := range all[1:] {
		names = append(names, v.Name)
	}
	return names, nil
}
