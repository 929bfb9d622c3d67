// Package smtplookupa turns the user name an SMTP client logs in with into
// the tenant and application it sends mail for. A name is
// "<tenant><sep><client>[.anything]"; when the client part is the word
// "lookup", the tenant part is an alias kept in an Azure table.
package smtplookupa

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

var guidShape = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// Identity is what a login resolves to.
type Identity struct {
	Tenant, App, Sender string
}

// Resolver knows where the alias table lives.
type Resolver struct {
	tableURL  string
	partition string
	sep       string
	cred      azcore.TokenCredential
}

// NewResolver takes its settings from the relay's configuration.
func NewResolver(tableURL, partition, sep string, cred azcore.TokenCredential) *Resolver {
	return &Resolver{tableURL: tableURL, partition: partition, sep: sep, cred: cred}
}

// asGUID accepts a GUID as written, or 16 bytes in unpadded base64url.
func asGUID(s string) (string, error) {
	if guidShape.MatchString(s) {
		return s, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return "", fmt.Errorf("not a GUID or base64url: %w", err)
	}
	if len(raw) != 16 {
		return "", errors.New("decoded identifier is not 16 bytes")
	}
	h := hex.EncodeToString(raw)
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:], nil
}

// Identify resolves an SMTP login name.
func (r *Resolver) Identify(ctx context.Context, login string) (Identity, error) {
	head := strings.SplitN(login, ".", 2)[0]
	if head == "" {
		return Identity{}, errors.New("empty login")
	}
	parts := strings.Split(head, r.sep)
	if len(parts) != 2 {
		return Identity{}, fmt.Errorf("want exactly one %q in the login", r.sep)
	}
	if parts[1] == "lookup" {
		return r.byAlias(ctx, parts[0])
	}
	tenant, err := asGUID(parts[0])
	if err != nil {
		return Identity{}, err
	}
	app, err := asGUID(parts[1])
	if err != nil {
		return Identity{}, err
	}
	return Identity{Tenant: tenant, App: app}, nil
}

type aliasRow struct {
	Tenant string `json:"tenant_id"`
	App    string `json:"client_id"`
	Sender string `json:"from_email"`
}

// byAlias finds the alias row; the alias is the login's text as the client
// typed it.
func (r *Resolver) byAlias(ctx context.Context, alias string) (Identity, error) {
	c, err := aztables.NewClient(r.tableURL, r.cred, nil)
	if err != nil {
		return Identity{}, err
	}
	f := "PartitionKey eq '" + r.partition + "'" + // L: TL321
		" and RowKey eq '" + alias + "'" // L: TL321
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // S
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return Identity{}, fmt.Errorf("alias query: %w", err)
		}
		for _, raw := range page.Entities {
			var row aliasRow
			if err := json.Unmarshal(raw, &row); err != nil {
				continue
			}
			if row.Tenant == "" || row.App == "" {
				return Identity{}, fmt.Errorf("alias %q is incomplete", alias)
			}
			return Identity{Tenant: row.Tenant, App: row.App, Sender: row.Sender}, nil
		}
	}
	return Identity{}, fmt.Errorf("no alias %q", alias)
}
