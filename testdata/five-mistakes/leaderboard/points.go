// Package leaderboard ranks the members of a chat guild by points (legacy
// storage API, with a retry wrapper around every request).
package leaderboard

import (
	"fmt"
	"sort"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Item is one ranked entry.
type Item struct {
	Name   string
	Points float64
}

const attempts = 3

func query(t *storage.Table, o *storage.QueryOptions) (*storage.EntityQueryResult, error) {
	var err error
	for i := 0; i < attempts; i++ {
		var res *storage.EntityQueryResult
		if res, err = t.QueryEntities(30, storage.MinimalMetadata, o); err == nil {
			return res, nil
		}
		time.Sleep(time.Second << i)
	}
	return nil, err
}

func next(r *storage.EntityQueryResult) (*storage.EntityQueryResult, error) {
	var err error
	for i := 0; i < attempts; i++ {
		var res *storage.EntityQueryResult
		if res, err = r.NextResults(nil); err == nil {
			return res, nil
		}
		time.Sleep(time.Second << i)
	}
	return nil, err
}

// Top ranks a guild's users (or its channels).
func Top(t *storage.Table, guild string, users bool) ([]Item, error) {
	o := storage.QueryOptions{Top: 1000, Filter: fmt.Sprintf("PartitionKey eq '%[1]s' and isUser eq %[2]t", guild, users)} // L: TL321
	res, err := query(t, &o)                                                                                               // S
	if err != nil {
		return nil, err
	}
	var items []Item
	for {
		for _, e := range res.Entities {
			p, _ := e.Properties["Points"].(float64)
			items = append(items, Item{Name: e.RowKey, Points: p})
		}
		if res.QueryNextLink.NextLink == nil {
			break
		}
		if res, err = next(res); err != nil {
			return nil, err
		}
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].Points > items[j].Points })
	return items, nil
}
