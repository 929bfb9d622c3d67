// Package injectmaps: a map element read back with a constant key is
// what the package stored under that key, when no code the package
// cannot see can write the map.
package injectmaps

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

type shard struct {
	tc   *aztables.Client
	meta map[string]string
	tags map[string]string
	open map[string]string
}

func newShard(tc *aztables.Client, owner string) *shard {
	s := &shard{
		tc:   tc,
		meta: map[string]string{"PartitionKey": uuid.NewString(), "Kind": "shard"},
		tags: map[string]string{"PartitionKey": uuid.NewString()},
		open: map[string]string{},
	}
	s.tags["Owner"] = owner
	return s
}

func (s *shard) list(ctx context.Context, f string) {
	p := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for p.More() {
		_, _ = p.NextPage(ctx)
	}
}

// Silent: only a UUID is ever stored under "PartitionKey", also where
// the map is changed later under other keys.
func (s *shard) own(ctx context.Context, i int) {
	s.meta["RowKey"] = fmt.Sprint(i)
	b, _ := json.Marshal(s.meta)
	_ = b
	s.list(ctx, fmt.Sprintf("PartitionKey eq '%s'", s.meta["PartitionKey"]))
}

// Reported: the constructor's caller chooses the owner.
func (s *shard) byOwner(ctx context.Context) {
	s.list(ctx, fmt.Sprintf("Owner eq '%s'", s.tags["Owner"])) // want `TL321: s.tags\["Owner"\] \(string\)`
}

// Reported: a request value is stored under the key the filter reads.
func (s *shard) remember(r *http.Request) {
	s.open["Name"] = r.FormValue("name")
}

func (s *shard) byName(ctx context.Context) {
	s.list(ctx, fmt.Sprintf("Name eq '%s'", s.open["Name"])) // want `TL321: s.open\["Name"\] \(string\)`
}

// Reported: a map the package hands to code it cannot see may hold
// anything afterwards.
type cache struct {
	tc   *aztables.Client
	seen map[string]string
}

func newCache(tc *aztables.Client, fill func(map[string]string)) *cache {
	c := &cache{tc: tc, seen: map[string]string{"PartitionKey": "fixed"}}
	fill(c.seen)
	return c
}

func (c *cache) first(ctx context.Context) {
	f := fmt.Sprintf("PartitionKey eq '%s'", c.seen["PartitionKey"]) // want `TL321: c.seen\["PartitionKey"\] \(string\)`
	p := c.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for p.More() {
		_, _ = p.NextPage(ctx)
	}
}

// Silent: a local map of constants.
func local(ctx context.Context, tc *aztables.Client) {
	m := map[string]string{"PartitionKey": "jobs"}
	f := fmt.Sprintf("PartitionKey eq '%s'", m["PartitionKey"])
	p := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for p.More() {
		_, _ = p.NextPage(ctx)
	}
}
