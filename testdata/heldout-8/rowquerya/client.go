// Package rowquerya is a small table client: tables by name under one
// account, entities inserted from any struct, and rows fetched through query
// values that build their own $filter and $select.
package rowquerya

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Errors the service's answers are mapped to.
var (
	ErrEntityExists = errors.New("entity already exists")
	ErrNoRows       = errors.New("no entity matched")
)

// Account names the storage account and its key.
type Account struct {
	Name string
	Key  string
}

// AccountFromEnv reads the account from the environment.
func AccountFromEnv() Account {
	return Account{Name: os.Getenv("TABLES_ACCOUNT"), Key: os.Getenv("TABLES_ACCOUNT_KEY")}
}

// Client reaches every table of the account.
type Client struct {
	acct Account
	cred *aztables.SharedKeyCredential
}

// New makes a client for the account.
func New(acct Account) (*Client, error) {
	cred, err := aztables.NewSharedKeyCredential(acct.Name, acct.Key) // S
	if err != nil {
		return nil, err
	}
	return &Client{acct: acct, cred: cred}, nil
}

func (c *Client) table(name string) (*aztables.Client, error) {
	return aztables.NewClientWithSharedKey(fmt.Sprintf("https://%s.table.core.windows.net/%s", c.acct.Name, name), c.cred, nil)
}

// Create makes a table.
func (c *Client) Create(ctx context.Context, name string) error {
	t, err := c.table(name)
	if err != nil {
		return err
	}
	_, err = t.CreateTable(ctx, nil)
	return err
}

// Insert adds any struct that carries PartitionKey and RowKey fields.
func (c *Client) Insert(ctx context.Context, table string, entity any) error {
	t, err := c.table(table)
	if err != nil {
		return err
	}
	b, err := json.Marshal(entity)
	if err != nil {
		return err
	}
	_, err = t.AddEntity(ctx, b, nil)
	var re *azcore.ResponseError
	if errors.As(err, &re) && re.StatusCode == 409 {
		return ErrEntityExists
	}
	return err
}

// RowQuery names one row and the properties wanted from it.
type RowQuery struct {
	Table        string
	PartitionKey string
	RowKey       string
	Fields       []string
}

// Filter is the point filter of the query.
func (q RowQuery) Filter() string {
	return "PartitionKey eq '" + q.PartitionKey + "'" + // L: TL321
		" and RowKey eq '" + q.RowKey + "'" // L: TL321
}

// Get decodes the one row the query names into out.
func (c *Client) Get(ctx context.Context, q RowQuery, out any) error {
	t, err := c.table(q.Table)
	if err != nil {
		return err
	}
	f := q.Filter()
	sel := strings.Join(q.Fields, ",")
	pager := t.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Select: &sel})
	page, err := pager.NextPage(ctx) // S
	if err != nil {
		return err
	}
	if len(page.Entities) == 0 {
		return ErrNoRows
	}
	return json.Unmarshal(page.Entities[0], out)
}
