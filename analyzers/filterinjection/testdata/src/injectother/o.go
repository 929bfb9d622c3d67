// Package injectother: $filter strings that are not entity queries
// (ListTables, ARM) are not checked.
package injectother

import (
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/sdk/resourcemanager/resources/armresources"
)

func tables(s *aztables.ServiceClient, prefix string) {
	f := "TableName ge '" + prefix + "'"
	s.NewListTablesPager(&aztables.ListTablesOptions{Filter: &f})
}

func arm(c *armresources.Client, tag string) {
	f := "tagName eq '" + tag + "'"
	c.NewListPager(&armresources.ClientListOptions{Filter: &f})
}

// The same string into an entity query is reported.
func entities(c *aztables.Client, tag string) {
	f := "PartitionKey eq 'p' and Tag eq '" + tag + "'" // want `TL321: tag \(string\)`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}
