// Package itemsc is a typed-item service: items of a type live in the
// type's partition under a generated id, with their data JSON-encoded into
// one string property and an optional expiry. A table store does the
// storage; HTTP handlers check the request and call it.
package itemsc

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

var (
	settings  = flag.NewFlagSet("items", flag.ContinueOnError)
	tableConn = settings.String("tableConn", "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;TableEndpoint=http://127.0.0.1:10002/devstoreaccount1;", "table connection string") // S
	tableName = settings.String("table", "items", "table name")
)

var (
	errNotFound     = errors.New("item not found")
	errPageNotFound = errors.New("page not found")
)

// record is what the store hands back: the keys and the string fields.
type record struct {
	ID     string
	Type   string
	Fields map[string]string
}

type tableStore struct {
	tc *aztables.Client
}

// openStore talks to the emulator with its connection string, and to a real
// account with a token credential.
func openStore(ctx context.Context, cred azcore.TokenCredential, conn, table string) (*tableStore, error) {
	var svc *aztables.ServiceClient
	var err error
	if strings.Contains(conn, "127.0.0.1:10002") {
		svc, err = aztables.NewServiceClientFromConnectionString(conn, nil)
	} else {
		svc, err = aztables.NewServiceClient(conn, cred, nil)
	}
	if err != nil {
		return nil, err
	}
	tc := svc.NewClient(table)
	if _, err := tc.CreateTable(ctx, nil); err != nil && !strings.Contains(err.Error(), "TableAlreadyExists") {
		return nil, err
	}
	return &tableStore{tc: tc}, nil
}

// add stores fields under a new id in partition pk.
func (s *tableStore) add(ctx context.Context, pk string, fields map[string]string) (*record, error) {
	id := uuid.New().String()
	props := make(map[string]any, len(fields))
	for k, v := range fields {
		props[k] = v
	}
	e := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: pk, // L: TL201
			RowKey:       id, // S
		},
		Properties: props,
	}
	body, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	if _, err := s.tc.AddEntity(ctx, body, nil); err != nil {
		return nil, err
	}
	return &record{ID: id, Type: pk, Fields: fields}, nil
}

// addTyped stores typed properties under a new id in partition pk.
func (s *tableStore) addTyped(ctx context.Context, pk string, props map[string]any) (string, error) {
	id := uuid.New().String()
	body, err := json.Marshal(aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: pk, // L: TL201
			RowKey:       id,
		},
		Properties: props,
	})
	if err != nil {
		return "", err
	}
	_, err = s.tc.AddEntity(ctx, body, nil)
	return id, err
}

// get reads one item by id and type.
func (s *tableStore) get(ctx context.Context, id, pk string) (*record, aztables.GetEntityResponse, error) {
	resp, err := s.tc.GetEntity(ctx,
		pk, // L: TL201
		id, // L: TL201
		nil)
	if err != nil {
		if strings.Contains(err.Error(), string(aztables.ResourceNotFound)) {
			return nil, resp, errNotFound
		}
		return nil, resp, err
	}
	r, err := decodeRecord(resp.Value)
	return r, resp, err
}

// query walks the pages of a filter until it reaches the page asked for.
func (s *tableStore) query(ctx context.Context, filter string, max int32, page int) ([]*record, error) {
	pager := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter, Top: &max})
	seen := 0
	for pager.More() {
		seen++
		resp, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		if seen != page {
			continue
		}
		out := make([]*record, 0, len(resp.Entities))
		for _, raw := range resp.Entities {
			r, err := decodeRecord(raw)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
		return out, nil
	}
	return nil, errPageNotFound
}

// wipe empties the table, one delete per row.
func (s *tableStore) wipe(ctx context.Context) error {
	pager := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{}) // L: TL301
	for pager.More() {
		resp, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range resp.Entities {
			var e aztables.EDMEntity
			if err := json.Unmarshal(raw, &e); err != nil {
				return err
			}
			if _, err := s.tc.DeleteEntity(ctx, e.PartitionKey, e.RowKey, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

func decodeRecord(raw []byte) (*record, error) {
	var e aztables.EDMEntity
	if err := json.Unmarshal(raw, &e); err != nil {
		return nil, err
	}
	fields := make(map[string]string, len(e.Properties))
	for k, v := range e.Properties {
		if s, ok := v.(string); ok {
			fields[k] = s
		}
	}
	return &record{ID: e.RowKey, Type: e.PartitionKey, Fields: fields}, nil
}
