// Package sbregistry is the side store of a message-broker kit: worker
// registrations, timers and last events in one table, each entity a single
// JSON "Doc" property, partitions named by kind.
package sbregistry

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const (
	kindWorker = "wrk"
	kindTimer  = "tmr"
)

// Registration is one process a worker can run.
type Registration struct {
	Process   string
	Version   string
	Name      string
	LastAlive time.Time
}

type workerDoc struct {
	Expires time.Time
	Regs    []Registration
}

// Registry keeps workers and timers.
type Registry struct {
	tc *aztables.Client
}

func statusOf(err error) int {
	var re *azcore.ResponseError
	if errors.As(err, &re) {
		return re.StatusCode
	}
	return 0
}

// save upserts one entity holding doc as JSON text.
func (g *Registry) save(ctx context.Context, kind, id string, doc any) error {
	text, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	e := aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: kind, RowKey: id},
		Properties: map[string]any{"Doc": string(text)}, // L: TL122
	}
	b, _ := json.Marshal(e)
	_, err = g.tc.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// load reads one entity's document; the ETag is not returned.
func (g *Registry) load(ctx context.Context, kind, id string, into any) (bool, error) {
	got, err := g.tc.GetEntity(ctx, kind, id, nil)
	if statusOf(err) == 404 {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(got.Value, &e); err != nil {
		return false, err
	}
	text, _ := e.Properties["Doc"].(string)
	return true, json.Unmarshal([]byte(text), into)
}

type listed struct {
	id  string
	tag azcore.ETag
	doc []byte
}

// all lists one kind's partition; kind is always one of the constants.
func (g *Registry) all(ctx context.Context, kind string) ([]listed, error) {
	f := fmt.Sprintf("PartitionKey eq '%s'", kind) // S
	pager := g.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	var out []listed
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if json.Unmarshal(raw, &e) != nil {
				continue
			}
			text, _ := e.Properties["Doc"].(string)
			out = append(out, listed{id: e.RowKey, tag: azcore.ETag(e.ETag), doc: []byte(text)})
		}
	}
	return out, nil
}

// Register stores the worker's registrations, given by the worker.
func (g *Registry) Register(ctx context.Context, workerID string, regs []Registration, ttl time.Duration) error {
	return g.save(ctx, kindWorker, workerID, workerDoc{Expires: time.Now().Add(ttl), Regs: regs})
}

// Heartbeat extends a worker's lease: load, change, replace.
func (g *Registry) Heartbeat(ctx context.Context, workerID string, ttl time.Duration) error {
	var doc workerDoc
	found, err := g.load(ctx, kindWorker, workerID, &doc)
	if err != nil || !found {
		return fmt.Errorf("worker %s: %v", workerID, err)
	}
	now := time.Now()
	doc.Expires = now.Add(ttl)
	for i := range doc.Regs {
		doc.Regs[i].LastAlive = now
	}
	text, _ := json.Marshal(doc)
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: kindWorker, RowKey: workerID}, Properties: map[string]any{"Doc": string(text)}})
	_, err = g.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // L: TL414
	return err
}

// Claim takes due timers, each with a delete under the ETag it was listed
// with, so two claimers never both fire one.
func (g *Registry) Claim(ctx context.Context, now time.Time) ([]string, error) {
	rows, err := g.all(ctx, kindTimer)
	if err != nil {
		return nil, err
	}
	var mine []string
	for _, r := range rows {
		var at time.Time
		if json.Unmarshal(r.doc, &at) != nil || at.After(now) {
			continue
		}
		tag := r.tag
		_, err := g.tc.DeleteEntity(ctx, kindTimer, r.id, &aztables.DeleteEntityOptions{IfMatch: &tag}) // S
		switch statusOf(err) {
		case 0:
			mine = append(mine, r.id)
		case 404, 412:
		default:
			return mine, err
		}
	}
	return mine, nil
}

// Expire sweeps lapsed workers (added: the delete carries the listed ETag;
// the rows are read from one partition).
func (g *Registry) Expire(ctx context.Context) error {
	rows, err := g.all(ctx, kindWorker)
	if err != nil {
		return err
	}
	for _, r := range rows {
		var doc workerDoc
		if json.Unmarshal(r.doc, &doc) != nil || time.Now().Before(doc.Expires) {
			continue
		}
		tag := r.tag
		_, _ = g.tc.DeleteEntity(ctx, kindWorker, r.id, &aztables.DeleteEntityOptions{IfMatch: &tag})
	}
	return nil
}

// FindByName looks a worker up by its display name (added: a non-key
// property, the name unescaped).
func (g *Registry) FindByName(ctx context.Context, name string) (string, error) {
	f := "Name eq '" + name + "'"                                                 // L: TL321
	pager := g.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL301
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return "", err
		}
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if json.Unmarshal(raw, &e) == nil {
				return e.RowKey, nil
			}
		}
	}
	return "", nil
}

// FindProcess looks a registration up among workers (added: pinned to the
// worker partition, the process escaped, a non-key test).
func (g *Registry) FindProcess(ctx context.Context, process string) ([]string, error) {
	f := "PartitionKey eq 'wrk' and Process eq '" + strings.ReplaceAll(process, "'", "''") + "'" // S
	pager := g.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})                // L: TL303
	var ids []string
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if json.Unmarshal(raw, &e) == nil {
				ids = append(ids, e.RowKey)
			}
		}
	}
	return ids, nil
}
