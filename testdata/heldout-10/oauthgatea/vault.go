// Package oauthgatea is an OAuth front door for a remote tool server: it
// keeps pending authorisations and one-time codes in Azure Tables (or in
// memory) behind a small generic interface.
package oauthgatea

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Vault holds values of one type under a partition and a row.
type Vault[V any] interface {
	Fetch(part, id string) (V, bool)
	Put(part, id string, v V)
	Take(part, id string) (V, bool)
}

// Settings come from the environment.
type Settings struct {
	Account string
	Key     string
	Seal    []byte // optional key for sealing stored values
}

func SettingsFromEnv() Settings {
	return Settings{Account: os.Getenv("GATE_STORAGE_ACCOUNT"), Key: os.Getenv("GATE_STORAGE_KEY")}
}

// OpenVaults gives the pending-login and code vaults: on tables when an
// account is configured (shared key if one is set, else the given token
// credential), in memory otherwise.
func OpenVaults(cfg Settings, token azcore.TokenCredential) (Vault[Pending], Vault[Issued], error) {
	if cfg.Account == "" {
		return &memVault[Pending]{m: map[string]Pending{}}, &memVault[Issued]{m: map[string]Issued{}}, nil
	}
	endpoint := fmt.Sprintf("https://%s.table.core.windows.net", cfg.Account)
	var svc *aztables.ServiceClient
	var err error
	if cfg.Key != "" {
		cred, cerr := aztables.NewSharedKeyCredential(cfg.Account, cfg.Key) // S
		if cerr != nil {
			return nil, nil, cerr
		}
		svc, err = aztables.NewServiceClientWithSharedKey(endpoint, cred, nil)
	} else {
		svc, err = aztables.NewServiceClient(endpoint, token, nil)
	}
	if err != nil {
		return nil, nil, err
	}
	pending, err := newTableVault[Pending](svc, "pendinglogins", nil)
	if err != nil {
		return nil, nil, err
	}
	issued, err := newTableVault[Issued](svc, "issuedcodes", cfg.Seal)
	if err != nil {
		return nil, nil, err
	}
	return pending, issued, nil
}

type sealedRow struct {
	aztables.Entity
	Blob string `json:"Blob"`
}

type tableVault[V any] struct {
	tc   *aztables.Client
	seal []byte
}

func newTableVault[V any](svc *aztables.ServiceClient, table string, seal []byte) (*tableVault[V], error) {
	tc := svc.NewClient(table)
	if _, err := tc.CreateTable(context.Background(), nil); err != nil {
		if re, ok := err.(*azcore.ResponseError); !ok || re.ErrorCode != "TableAlreadyExists" {
			return nil, fmt.Errorf("gate: table %s: %w", table, err)
		}
	}
	return &tableVault[V]{tc: tc, seal: seal}, nil
}

func (t *tableVault[V]) load(part, id string) (V, azcore.ETag, bool) {
	var none V
	got, err := t.tc.GetEntity(context.Background(), part, id, nil) // L: TL201
	if err != nil {
		return none, "", false
	}
	var row sealedRow
	if json.Unmarshal(got.Value, &row) != nil {
		return none, "", false
	}
	text := row.Blob
	if t.seal != nil {
		plain, err := unseal(text, t.seal)
		if err != nil {
			return none, "", false
		}
		text = string(plain)
	}
	var v V
	if json.Unmarshal([]byte(text), &v) != nil {
		return none, "", false
	}
	return v, got.ETag, true
}

func (t *tableVault[V]) Fetch(part, id string) (V, bool) {
	v, _, ok := t.load(part, id)
	return v, ok
}

// Put overwrites whatever is stored; errors are dropped as in the source.
func (t *tableVault[V]) Put(part, id string, v V) {
	doc, err := json.Marshal(v)
	if err != nil {
		return
	}
	text := string(doc)
	if t.seal != nil {
		if text, err = sealText(doc, t.seal); err != nil {
			return
		}
	}
	body, err := json.Marshal(sealedRow{
		Entity: aztables.Entity{PartitionKey: part, RowKey: id}, // S
		Blob:   text,                                            // L: TL122
	})
	if err != nil {
		return
	}
	_, _ = t.tc.UpsertEntity(context.Background(), body, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})
}

// Take reads a value and deletes it under the read's ETag, so that only one
// caller can redeem it.
func (t *tableVault[V]) Take(part, id string) (V, bool) {
	v, tag, ok := t.load(part, id)
	if !ok {
		return v, false
	}
	if _, err := t.tc.DeleteEntity(context.Background(), part, id, &aztables.DeleteEntityOptions{IfMatch: &tag}); err != nil { // L: TL201
		var none V
		return none, false
	}
	return v, true
}

type memVault[V any] struct {
	mu sync.Mutex
	m  map[string]V
}

func (m *memVault[V]) Fetch(part, id string) (V, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.m[part+"/"+id]
	return v, ok
}

func (m *memVault[V]) Put(part, id string, v V) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.m[part+"/"+id] = v
}

func (m *memVault[V]) Take(part, id string) (V, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.m[part+"/"+id]
	delete(m.m, part+"/"+id)
	return v, ok
}
