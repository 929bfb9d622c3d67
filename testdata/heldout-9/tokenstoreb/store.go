// Package tokenstoreb resolves configuration tokens of the form
// "account/table/partition/row" to the value kept in a table entity.
package tokenstoreb

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// ErrBadToken is returned for a token without a partition and a row part.
var ErrBadToken = errors.New("token needs partition and row parts")

// reader is the one call the resolver needs, so that tests can fake it.
type reader interface {
	GetEntity(ctx context.Context, partitionKey string, rowKey string, options *aztables.GetEntityOptions) (aztables.GetEntityResponse, error)
}

// Resolver turns one token into a value.
type Resolver struct {
	rd   reader
	ctx  context.Context
	rest string
}

type endpoint struct {
	url  string
	rest string
}

// splitEndpoint takes the first n parts of a token into a URL template and
// keeps the rest.
func splitEndpoint(token, tmpl string, n int) endpoint {
	parts := strings.Split(strings.TrimPrefix(token, "/"), "/")
	args := make([]any, 0, n)
	for _, p := range parts[:n] {
		args = append(args, p)
	}
	return endpoint{url: fmt.Sprintf(tmpl, args...), rest: strings.Join(parts[n:], "/")}
}

// New builds a resolver for a token, with the caller's credential.
func New(ctx context.Context, token string, cred azcore.TokenCredential) (*Resolver, error) {
	ep := splitEndpoint(token, "https://%s.table.core.windows.net/%s", 2)
	c, err := aztables.NewClient(ep.url, cred, nil)
	if err != nil {
		return nil, fmt.Errorf("table client: %w", err)
	}
	return &Resolver{rd: c, ctx: ctx, rest: ep.rest}, nil
}

func keysOf(rest string) (pk, rk string, err error) {
	parts := strings.Split(strings.TrimPrefix(rest, "/"), "/")
	if len(parts) < 2 {
		return "", "", fmt.Errorf("%q: %w", rest, ErrBadToken)
	}
	return parts[0], parts[1], nil
}

// Value reads the entity the token names and returns its "value" property,
// or the whole entity as JSON when it has none.
func (r *Resolver) Value() (string, error) {
	ctx, cancel := context.WithCancel(r.ctx)
	defer cancel()
	pk, rk, err := keysOf(r.rest)
	if err != nil {
		return "", err
	}
	got, err := r.rd.GetEntity(ctx, pk, rk, &aztables.GetEntityOptions{}) // S
	if err != nil {
		return "", fmt.Errorf("read %s: %w", r.rest, err)
	}
	if len(got.Value) == 0 {
		return "", nil
	}
	fields := map[string]any{}
	_ = json.Unmarshal(got.Value, &fields)
	if v, ok := fields["value"]; ok && v != nil {
		return fmt.Sprint(v), nil
	}
	return string(got.Value), nil
}

// Names (added) lists the row keys kept under one partition of the table,
// for a "list tokens" command.
func Names(ctx context.Context, c *aztables.Client, partition string) ([]string, error) {
	f := "PartitionKey eq '" + strings.ReplaceAll(partition, "'", "''") + "'" // S
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	page, err := pager.NextPage(ctx) // L: TL307
	if err != nil {
		return nil, err
	}
	var names []string
	for _, raw := range page.Entities {
		var row struct{ RowKey string }
		if json.Unmarshal(raw, &row) == nil {
			names = append(names, row.RowKey)
		}
	}
	return names, nil
}

// Owner (added) finds which token holds a value: the reverse of Value.
func Owner(ctx context.Context, c *aztables.Client, want string) (string, error) {
	f := fmt.Sprintf("value eq '%s'", want)                                    // L: TL321
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL301
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return "", err
		}
		for _, raw := range page.Entities {
			var row struct{ PartitionKey, RowKey string }
			if json.Unmarshal(raw, &row) == nil {
				return row.PartitionKey + "/" + row.RowKey, nil
			}
		}
	}
	return "", nil
}
