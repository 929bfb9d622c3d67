// Package azuritehelpa is a test-harness helper that keeps single values
// in tables of a local storage emulator (or an account) through the legacy
// storage API: create a table, set a value, read it back.
package azuritehelpa

import (
	"errors"
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Emulator remembers the account the harness talks to.
type Emulator struct {
	account string
	secret  string
}

// NewEmulator keeps the account name and key the harness was given.
func NewEmulator(account, secret string) *Emulator {
	return &Emulator{account: account, secret: secret}
}

func (e *Emulator) tables() (storage.TableServiceClient, error) {
	c, err := storage.NewBasicClient(e.account, e.secret) // S
	if err != nil {
		return storage.TableServiceClient{}, err
	}
	return c.GetTableService(), nil
}

// EnsureTable creates the table unless it exists already.
func (e *Emulator) EnsureTable(name string) error {
	svc, err := e.tables()
	if err != nil {
		return err
	}
	t := svc.GetTableReference(name)
	if err := t.Create(30, storage.FullMetadata, nil); err != nil && !strings.Contains(err.Error(), "TableAlreadyExists") {
		return err
	}
	return nil
}

// SetValue replaces the row's single "value" property, as a batch of one.
func (e *Emulator) SetValue(table, part, row, value string) error {
	svc, err := e.tables()
	if err != nil {
		return err
	}
	t := svc.GetTableReference(table)
	ent := t.GetEntityReference(part, row)
	b := t.NewBatch()
	ent.Properties = map[string]interface{}{"value": value}
	b.InsertOrReplaceEntity(ent, false)
	if err := b.ExecuteBatch(); err != nil && err.Error() != "unexpected EOF" { // S
		return err
	}
	return nil
}

// Value reads the row's "value" property back.
func (e *Emulator) Value(table, part, row string) (string, error) {
	svc, err := e.tables()
	if err != nil {
		return "", err
	}
	ent := svc.GetTableReference(table).GetEntityReference(part, row)
	if err := ent.Get(5000, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{"value"}}); err != nil {
		return "", err
	}
	v, _ := ent.Properties["value"].(string)
	if v == "" {
		return "", errors.New("empty value in table")
	}
	return v, nil
}
