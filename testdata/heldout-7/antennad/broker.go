// Package antennad keeps the apps of a chat-notification relay and the chats
// subscribed to them in two tables, through the legacy storage Table API.
package antennad

import (
	"encoding/base64"
	"errors"
	"os"
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
	"github.com/google/uuid"
)

const (
	appsTable = "RelayApps"
	subsTable = "RelaySubscriptions"

	waitSeconds = 30
	chunkSize   = 50
)

// Registry is what the relay's server asks of its storage back end.
type Registry interface {
	NewApp(a App) (string, error)
	SaveApp(a App) error
	App(id string) (App, error)
	Apps() ([]App, error)
	RemoveApp(id string) error
	Followers(appID string) ([]int64, error)
	Follow(chat int64, appID string) error
	UnfollowAll(chat int64) error
}

// App is one registered sender.
type App struct {
	ID      string
	Title   string
	Token   string
	Private bool
}

type tableRegistry struct {
	apps *storage.Table
	subs *storage.Table
}

// Open builds the registry from the environment, creating the tables on request.
func Open(create bool) (Registry, error) {
	account, key := os.Getenv("RELAY_ACCOUNT"), os.Getenv("RELAY_KEY")
	if account == "" {
		return nil, errors.New("relay: no storage account")
	}
	cli, err := storage.NewBasicClient(account, key) // S
	if err != nil {
		return nil, err
	}
	svc := cli.GetTableService()
	r := &tableRegistry{
		apps: svc.GetTableReference(appsTable), // S
		subs: svc.GetTableReference(subsTable),
	}
	if create {
		for _, t := range []*storage.Table{r.apps, r.subs} {
			if err := t.Create(waitSeconds, storage.NoMetadata, nil); err != nil && !strings.Contains(err.Error(), "TableAlreadyExists") {
				return nil, errors.New(t.Name + ": " + err.Error())
			}
		}
	}
	return r, nil
}

func (r *tableRegistry) appRef(id string) *storage.Entity {
	return r.apps.GetEntityReference(id, "-") // L: TL201
}

func (r *tableRegistry) appWithProps(a App) *storage.Entity {
	e := r.appRef(a.ID)
	e.Properties = map[string]interface{}{
		"title":   a.Title,
		"token":   a.Token,
		"private": a.Private,
	}
	return e
}

func fromRow(e *storage.Entity) App {
	title, _ := e.Properties["title"].(string)
	token, _ := e.Properties["token"].(string)
	private, _ := e.Properties["private"].(bool)
	return App{ID: e.PartitionKey, Title: title, Token: token, Private: private}
}

// NewApp gives the app a fresh id: a UUID's bytes in URL-safe base64.
func (r *tableRegistry) NewApp(a App) (string, error) {
	raw := uuid.New()
	a.ID = base64.RawURLEncoding.EncodeToString(raw[:])
	e := r.appWithProps(a)
	return a.ID, e.Insert(storage.EmptyPayload, nil) // S
}

// SaveApp overwrites the app with what the caller holds; nothing is read first.
func (r *tableRegistry) SaveApp(a App) error {
	e := r.appWithProps(a)
	return e.Update(true, nil) // S
}

func (r *tableRegistry) App(id string) (App, error) {
	e := r.appRef(id)
	if err := e.Get(waitSeconds, storage.MinimalMetadata, nil); err != nil {
		return App{}, err
	}
	return fromRow(e), nil
}

// Retitle reads the app, changes its title and forces the write. (added)
func (r *tableRegistry) Retitle(id, title string) error {
	e := r.appRef(id)
	if err := e.Get(waitSeconds, storage.MinimalMetadata, nil); err != nil {
		return err
	}
	e.Properties["title"] = title
	return e.Update(true, nil) // L: TL414
}

// Hide is Retitle's twin: the write carries the ETag the read kept. (added)
func (r *tableRegistry) Hide(id string) error {
	e := r.appRef(id)
	if err := e.Get(waitSeconds, storage.MinimalMetadata, nil); err != nil {
		return err
	}
	e.Properties["private"] = true
	return e.Update(false, nil) // S
}

func (r *tableRegistry) Apps() ([]App, error) {
	rows, err := readAll(r.apps, "") // L: TL301
	if err != nil {
		return nil, err
	}
	out := make([]App, 0, len(rows))
	for _, e := range rows {
		out = append(out, fromRow(e))
	}
	return out, nil
}
