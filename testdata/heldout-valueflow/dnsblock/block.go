// Package dnsblock keeps a block list of domains (PartitionKey the
// registered domain, RowKey the subdomain) and a log of lookups.
package dnsblock

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// entityWriter is the part of a table client the log needs.
type entityWriter interface {
	AddEntity(ctx context.Context, e []byte, o *aztables.AddEntityOptions) (aztables.AddEntityResponse, error)
}

// List is the block list.
type List struct {
	rules *aztables.Client
	log   entityWriter
}

// split returns the registered domain and the rest.
func split(host string) (string, string, bool) {
	host = strings.ToLower(host)
	labels := strings.Split(host, ".")
	if len(labels) < 2 {
		return "", "", false
	}
	domain := labels[len(labels)-2] + "." + labels[len(labels)-1]
	return domain, strings.TrimSuffix(host, domain), true
}

// Block adds the host given in the query string.
func (l *List) Block(w http.ResponseWriter, r *http.Request) {
	domain, sub, ok := split(r.URL.Query().Get("host"))
	if !ok {
		http.Error(w, "bad host", 400)
		return
	}
	e := aztables.Entity{
		PartitionKey: domain, // L: TL201
		RowKey:       sub,    // L: TL201
	}
	b, _ := json.Marshal(e)
	if _, err := l.rules.AddEntity(r.Context(), b, nil); err != nil {
		http.Error(w, err.Error(), 500)
	}
}

// Blocked reports whether a host is blocked (a point read).
func (l *List) Blocked(ctx context.Context, host string) bool {
	domain, sub, ok := split(host)
	if !ok {
		return false
	}
	_, err := l.rules.GetEntity(ctx, domain, sub, nil)
	return err == nil
}

// hit is one lookup, stamped when it is made.
type hit struct {
	aztables.Entity
	Host string    `json:"Host"`
	At   time.Time `json:"At"`
}

func newHit(host string) hit {
	return hit{Host: host, At: time.Now().UTC()}
}

// Record logs a lookup under the hour it happened: every lookup of the
// hour goes to one partition.
func (l *List) Record(ctx context.Context, host, id string) error {
	h := newHit(host)
	h.PartitionKey = h.At.Format("2006010215") // L: TL209
	h.RowKey = id
	b, _ := json.Marshal(h)
	_, err := l.log.AddEntity(ctx, b, nil)
	return err
}

// RecordNow logs a lookup under the current hour directly.
func (l *List) RecordNow(ctx context.Context, host, id string) error {
	e := hit{Entity: aztables.Entity{PartitionKey: time.Now().UTC().Format("2006010215"), RowKey: id}, Host: host} // L: TL209
	b, _ := json.Marshal(e)
	_, err := l.rules.AddEntity(ctx, b, nil)
	return err
}

// RecordSpread logs a lookup under its domain and hour.
func (l *List) RecordSpread(ctx context.Context, host, id string) error {
	domain, _, _ := split(host)
	e := hit{Entity: aztables.Entity{PartitionKey: strings.ReplaceAll(domain, ".", "_") + "_" + time.Now().UTC().Format("2006010215"), RowKey: id}, Host: host} // S
	b, _ := json.Marshal(e)
	_, err := l.rules.AddEntity(ctx, b, nil)
	return err
}
