// Package ipam hands out address ranges per environment; each environment
// is a partition and its subscriptions are rows.
package ipam

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Subscription is one row of the subscriptions table.
type Subscription struct {
	PartitionKey string
	RowKey       string
	Ranges       string
}

// Store wraps the table client.
type Store struct {
	tc  *aztables.Client
	ctx context.Context
}

// Save writes a subscription back.
func (s *Store) Save(sub Subscription) error {
	b, err := json.Marshal(sub)
	if err != nil {
		return err
	}
	_, err = s.tc.UpdateEntity(s.ctx, b, nil)
	return err
}

// Subscriptions lists the rows of one environment.
func (s *Store) Subscriptions(env string) ([]Subscription, error) {
	var out []Subscription
	p := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: to.Ptr("PartitionKey eq '" + env + "'"), // L: TL321
	})
	for p.More() {
		page, err := p.NextPage(s.ctx)
		if err != nil {
			return out, err
		}
		for _, raw := range page.Entities {
			var sub Subscription
			if err := json.Unmarshal(raw, &sub); err != nil {
				return out, err
			}
			out = append(out, sub)
		}
	}
	return out, nil
}

// UsedRanges collects every range already given out in an environment.
func (s *Store) UsedRanges(env string) (map[string]bool, error) {
	used := map[string]bool{}
	p := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: to.Ptr(fmt.Sprintf("PartitionKey eq '%s'", env)), // L: TL321
	})
	for p.More() {
		page, err := p.NextPage(s.ctx)
		if err != nil {
			return used, err
		}
		for _, raw := range page.Entities {
			var sub Subscription
			if json.Unmarshal(raw, &sub) == nil {
				for _, r := range strings.Split(sub.Ranges, ",") {
					used[r] = true
				}
			}
		}
	}
	return used, nil
}
