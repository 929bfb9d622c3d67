// Package peopleload serves a small people directory: a text file of
// "last first key=value…" lines is fetched from a URL and loaded into a
// table, and people are looked up by first and/or last name.
package peopleload

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const maxFile = 1 << 20

// Directory holds the table client and serialises loads against lookups.
type Directory struct {
	lock  sync.RWMutex
	table *aztables.Client
}

type reply struct {
	OK    bool     `json:"ok"`
	Lines []string `json:"lines,omitempty"`
	Msg   string   `json:"msg,omitempty"`
}

func (d *Directory) ingest(ctx context.Context, src io.Reader) (int, error) {
	d.lock.Lock()
	defer d.lock.Unlock()
	merge := &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge}
	n := 0
	sc := bufio.NewScanner(io.LimitReader(src, maxFile))
	for sc.Scan() {
		parts := strings.Fields(sc.Text())
		if len(parts) < 2 {
			continue
		}
		person := aztables.EDMEntity{
			Entity:     aztables.Entity{PartitionKey: parts[0], RowKey: parts[1]},
			Properties: map[string]any{},
		}
		for _, kv := range parts[2:] {
			if k, v, ok := strings.Cut(kv, "="); ok {
				person.Properties[k] = v
			}
		}
		b, err := json.Marshal(person)
		if err != nil {
			continue
		}
		if _, err := d.table.UpsertEntity(ctx, b, merge); err == nil { // S
			n++
		}
	}
	return n, sc.Err()
}

// lookup builds the filter from whichever names were given.
func (d *Directory) lookup(ctx context.Context, first, last string) ([]string, error) {
	d.lock.RLock()
	defer d.lock.RUnlock()
	var filter string
	switch {
	case last != "" && first != "":
		filter = "PartitionKey eq '" + last + // L: TL321
			"' and RowKey eq '" + first + "'" // L: TL321
	case last != "":
		filter = fmt.Sprintf("PartitionKey eq '%s'", last) // L: TL321
	case first != "":
		filter = fmt.Sprintf("RowKey eq '%s'", first) // L: TL321
	default:
		return nil, fmt.Errorf("a first or last name is required")
	}
	pager := d.table.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // L: TL301
	var out []string
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
			line := e.PartitionKey + " " + e.RowKey
			for k, v := range e.Properties {
				line += fmt.Sprintf(" %s=%v", k, v)
			}
			out = append(out, line)
		}
	}
	return out, nil
}

func write(w http.ResponseWriter, r reply) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(r)
}
