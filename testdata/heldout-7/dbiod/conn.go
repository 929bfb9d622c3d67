// Package dbiod is the Azure Tables connector of a data-movement tool: it
// treats a storage account as a database whose tables are read as streams
// of rows and loaded from them (aztables).
package dbiod

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Connector holds one connection's settings, read from the user's
// connection definition.
type Connector struct {
	Props  map[string]string
	client *aztables.ServiceClient
}

func (c *Connector) prop(names ...string) string {
	for _, n := range names {
		if v := c.Props[n]; v != "" {
			return v
		}
	}
	return ""
}

// Open picks the first credential the definition gives.
func (c *Connector) Open(ctx context.Context) error {
	account := c.prop("account_name", "account")
	endpoint := fmt.Sprintf("https://%s.table.core.windows.net", account)
	var err error
	switch {
	case c.prop("conn_str") != "":
		c.client, err = aztables.NewServiceClientFromConnectionString(c.prop("conn_str"), nil)
	case c.prop("account_key", "key") != "":
		var cred *aztables.SharedKeyCredential
		cred, err = aztables.NewSharedKeyCredential(account, c.prop("account_key", "key")) // S
		if err == nil {
			c.client, err = aztables.NewServiceClientWithSharedKey(endpoint, cred, nil)
		}
	default:
		return errors.New("azure table: no credential")
	}
	if err != nil {
		return err
	}
	pager := c.client.NewListTablesPager(nil)
	if pager.More() {
		_, err = pager.NextPage(ctx)
	}
	return err
}

var notAlnum = regexp.MustCompile("[^A-Za-z0-9]+")

// tableName squeezes a dotted source name into a valid table name.
func tableName(name string) string {
	if i := strings.LastIndex(name, "."); i >= 0 {
		name = name[i+1:]
	}
	s := notAlnum.ReplaceAllString(strings.Trim(name, `"`), "")
	if s != "" && (s[0] < 'A' || (s[0] > 'Z' && s[0] < 'a') || s[0] > 'z') {
		s = "t" + s
	}
	if len(s) < 3 {
		s = "table" + s
	}
	if len(s) > 63 {
		s = s[:63]
	}
	return s
}

// Exec understands only DROP TABLE and CREATE TABLE.
func (c *Connector) Exec(ctx context.Context, stmt string) error {
	fields := strings.Fields(stmt)
	if len(fields) < 3 {
		return fmt.Errorf("azure table: cannot run %q", stmt)
	}
	verb := strings.ToLower(fields[0] + " " + fields[1])
	tbl := c.client.NewClient(tableName(fields[2]))
	if verb == "drop table" {
		if _, err := tbl.Delete(ctx, nil); err != nil && !strings.Contains(err.Error(), "ResourceNotFound") {
			return err
		}
		return nil
	}
	if verb == "create table" {
		if _, err := tbl.CreateTable(ctx, nil); err != nil && !strings.Contains(err.Error(), "TableAlreadyExists") { // S
			return err
		}
		return nil
	}
	return fmt.Errorf("azure table: cannot run %q", stmt)
}

// Columns guesses a table's columns from its first ten rows.
func (c *Connector) Columns(ctx context.Context, table string) ([]string, error) {
	cols := []string{"PartitionKey", "RowKey", "Timestamp"}
	ten := int32(10)
	pager := c.client.NewClient(tableName(table)).NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: &ten}) // L: TL301
	seen := map[string]bool{}
	rows := 0
	for pager.More() && rows < 10 {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return cols, nil
		}
		for _, raw := range page.Entities {
			var m map[string]any
			if json.Unmarshal(raw, &m) != nil {
				continue
			}
			rows++
			for k := range m {
				if k == "PartitionKey" || k == "RowKey" || k == "Timestamp" || strings.Contains(k, "odata") || seen[k] {
					continue
				}
				seen[k] = true
				cols = append(cols, k)
			}
		}
	}
	return cols, nil
}

// Count reads the keys of every row to count them.
func (c *Connector) Count(ctx context.Context, table string) (int64, error) {
	keys := "PartitionKey,RowKey"
	pager := c.client.NewClient(tableName(table)).NewListEntitiesPager(&aztables.ListEntitiesOptions{Select: &keys}) // L: TL301
	var n int64
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return 0, err
		}
		n += int64(len(page.Entities))
	}
	return n, nil
}
