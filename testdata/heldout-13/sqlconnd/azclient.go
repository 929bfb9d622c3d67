package sqlconnd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// perRequestCap bounds the entities asked for in one list round trip ($top).
const perRequestCap = 1000

// AmbientCredential supplies the token credential used when a data set names
// an account or endpoint instead of a connection string. The program that
// embeds the connector sets it (to a DefaultAzureCredential, in practice).
var AmbientCredential func() (azcore.TokenCredential, error)

// throttleRetry is the retry policy shared by this program's Azure clients:
// more attempts than the SDK's three, and a longer ceiling so a long
// Retry-After from a throttled account is waited out instead of given up on.
func throttleRetry() policy.RetryOptions {
	return policy.RetryOptions{
		MaxRetries:    6, // S
		RetryDelay:    2 * time.Second,
		MaxRetryDelay: 2 * time.Minute,
	}
}

// entitySource is the connector's narrow view of the table service; the
// connector holds it as an interface so a stand-in can replace the service.
type entitySource interface {
	listRows(ctx context.Context, table, filter string, max int) ([]map[string]any, error)
	listTableNames(ctx context.Context) ([]string, error)
}

// openService chooses how to authenticate from the data set's options: a
// connection string when there is one, otherwise the ambient credential
// against the endpoint (or the account's default endpoint).
func openService(options map[string]any) (*aztables.ServiceClient, error) {
	clientOpts := &aztables.ClientOptions{
		ClientOptions: azcore.ClientOptions{Retry: throttleRetry()}, // S
	}
	if conn := optString(options, "connection_string"); conn != "" {
		return aztables.NewServiceClientFromConnectionString(conn, clientOpts) // S
	}
	account := optString(options, "account")
	endpoint := optString(options, "endpoint")
	if account == "" && endpoint == "" {
		return nil, errors.New("azure tables source needs connection_string, or account or endpoint")
	}
	if endpoint == "" {
		endpoint = fmt.Sprintf("https://%s.table.core.windows.net/", account)
	}
	if AmbientCredential == nil {
		return nil, errors.New("azure tables source: no ambient credential configured")
	}
	cred, err := AmbientCredential()
	if err != nil {
		return nil, fmt.Errorf("azure credential: %w", err)
	}
	return aztables.NewServiceClient(endpoint, cred, clientOpts)
}

// serviceSource is the real entitySource: it drives the SDK's pagers and
// turns each entity's JSON into a property map.
type serviceSource struct {
	svc *aztables.ServiceClient
}

func (s *serviceSource) listRows(ctx context.Context, table, filter string, max int) ([]map[string]any, error) {
	opts := &aztables.ListEntitiesOptions{}
	if filter != "" {
		opts.Filter = &filter
	}
	if max > 0 {
		top := int32(min(max, perRequestCap))
		opts.Top = &top // S
	}
	pager := s.svc.NewClient(table).NewListEntitiesPager(opts) // S
	var rows []map[string]any
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var props map[string]any
			if err := json.Unmarshal(raw, &props); err != nil {
				return nil, fmt.Errorf("decode entity: %w", err)
			}
			rows = append(rows, dropAnnotations(props))
			if max > 0 && len(rows) >= max { // S
				return rows, nil
			}
		}
	}
	return rows, nil
}

func (s *serviceSource) listTableNames(ctx context.Context) ([]string, error) {
	pager := s.svc.NewListTablesPager(nil) // S
	var names []string
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return nil, err
		}
		for _, t := range page.Tables {
			if t != nil && t.Name != nil {
				names = append(names, *t.Name)
			}
		}
	}
	return names, nil
}

// dropAnnotations removes OData metadata ("odata.etag") and type annotations
// ("Count@odata.type") so only the entity's own properties become columns.
func dropAnnotations(props map[string]any) map[string]any {
	for k := range props {
		if strings.HasPrefix(k, "odata.") || strings.Contains(k, "@odata") {
			delete(props, k)
		}
	}
	return props
}
