// Package cfgtokena resolves configuration placeholders of the form
// AZTABLES#<account>/<table>/<partition>/<row> against Azure Table
// storage: the account and table name the endpoint, the rest names the
// entity whose "value" property (or whole JSON) replaces the placeholder.
package cfgtokena

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Prefix marks a placeholder this backend resolves.
const Prefix = "AZTABLES#"

var ErrMalformed = errors.New("placeholder does not name a partition and a row")

// pointReader is the one client method the resolver needs, so tests can
// put a fake behind it.
type pointReader interface {
	GetEntity(ctx context.Context, partitionKey, rowKey string, options *aztables.GetEntityOptions) (aztables.GetEntityResponse, error)
}

// Resolver holds the client for one placeholder and what is left of it
// once the endpoint part is taken off.
type Resolver struct {
	reader pointReader
	client *aztables.Client
	locate string
}

type endpoint struct {
	url  string
	rest string
}

// endpointOf takes the first two segments (account, table) of a
// placeholder body for the endpoint and keeps the rest.
func endpointOf(body, format string, segments int) endpoint {
	parts := strings.SplitN(strings.TrimPrefix(body, "/"), "/", segments+1)
	if len(parts) <= segments {
		return endpoint{rest: body}
	}
	args := make([]any, segments)
	for i := range args {
		args[i] = parts[i]
	}
	return endpoint{url: fmt.Sprintf(format, args...), rest: parts[segments]}
}

// NewResolver builds the client from the placeholder and the credential
// the caller obtained (a default Azure credential in the tool).
func NewResolver(placeholder string, cred azcore.TokenCredential) (*Resolver, error) {
	ep := endpointOf(strings.TrimPrefix(placeholder, Prefix), "https://%s.table.core.windows.net/%s", 2)
	c, err := aztables.NewClient(ep.url, cred, nil)
	if err != nil {
		return nil, fmt.Errorf("table client: %w", err)
	}
	return &Resolver{reader: c, client: c, locate: ep.rest}, nil
}

// splitKeys cuts "<partition>/<row>" in two.
func splitKeys(s string) (string, string, error) {
	parts := strings.Split(strings.TrimPrefix(s, "/"), "/")
	if len(parts) < 2 {
		return "", "", fmt.Errorf("%q: %w", s, ErrMalformed)
	}
	return parts[0], parts[1], nil
}

// Value reads the entity the placeholder names and returns its "value"
// property, or the entity's JSON when it has none.
func (r *Resolver) Value(ctx context.Context) (string, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	pk, rk, err := splitKeys(r.locate)
	if err != nil {
		return "", err
	}
	got, err := r.reader.GetEntity(ctx, pk, rk, &aztables.GetEntityOptions{}) // S
	if err != nil {
		return "", fmt.Errorf("%s %s: %w", Prefix, r.locate, err)
	}
	if len(got.Value) == 0 {
		return "", nil
	}
	fields := map[string]any{}
	_ = json.Unmarshal(got.Value, &fields)
	if v, ok := fields["value"]; ok && v != nil {
		return fmt.Sprintf("%v", v), nil
	}
	return string(got.Value), nil
}
