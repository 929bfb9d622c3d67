// Package guildpoints ranks the members of a guild by points (legacy API).
package guildpoints

import (
	"fmt"
	"os"
	"sort"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Item is one ranked member.
type Item struct {
	Name   string
	Points float64
}

// Top ranks every member of guild; users or bots depending on users.
func Top(guild string, users bool) ([]Item, error) {
	c, err := storage.NewBasicClient(os.Getenv("POINTS_ACCOUNT"), os.Getenv("POINTS_KEY"))
	if err != nil {
		return nil, err
	}
	svc := c.GetTableService()
	t := svc.GetTableReference("points")
	o := storage.QueryOptions{Top: 1000, Filter: fmt.Sprintf("PartitionKey eq '%[1]s' and IsUser eq %[2]t", guild, users)} // L: TL321 TL303
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &o)
	var items []Item
	for {
		if err != nil {
			return nil, err
		}
		for _, e := range res.Entities {
			p, _ := e.Properties["Points"].(float64)
			items = append(items, Item{Name: e.RowKey, Points: p})
		}
		if res.NextLink == nil {
			break
		}
		res, err = res.NextResults(nil)
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].Points > items[j].Points }) // S
	return items, nil
}
