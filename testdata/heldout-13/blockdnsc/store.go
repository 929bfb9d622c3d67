// Package blockdnsc keeps a deny list of host names for a DNS-over-HTTPS
// resolver in one Azure table: the registrable zone (the last two labels)
// is the PartitionKey and the labels in front of it the RowKey.
package blockdnsc

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// denyList wraps the table client of the list.
type denyList struct {
	tbl *aztables.Client
}

// openDenyList builds the client from a connection string and makes sure the
// table exists; a "table already exists" answer is ignored with every other.
func openDenyList(conn, table string) (*denyList, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil) // S
	if err != nil {
		return nil, err
	}
	d := &denyList{tbl: svc.NewClient(table)}           // S
	_, _ = d.tbl.CreateTable(context.Background(), nil) // S
	return d, nil
}

// openFromEnv reads the Functions host's storage setting.
func openFromEnv() (*denyList, error) {
	conn, found := os.LookupEnv("AzureWebJobsStorage")
	if !found {
		return nil, errors.New("no storage connection string")
	}
	return openDenyList(conn, "denylist01") // S
}

// splitHost lower-cases a host name and cuts it into its zone and the rest
// (the rest keeps its trailing dot: "ads.tracker.example.com" gives
// "example.com" and "ads.tracker.").
func splitHost(host string) (zone, rest string, ok bool) {
	host = strings.ToLower(host)
	labels := strings.Split(host, ".")
	n := len(labels)
	if n < 2 {
		return "", "", false
	}
	zone = labels[n-2] + "." + labels[n-1]
	if n > 2 {
		rest = host[:len(host)-len(zone)]
	}
	return zone, rest, true
}

// isBlocked looks the host up, then its parent one level up (or the zone
// itself, stored with an empty RowKey).
func (d *denyList) isBlocked(ctx context.Context, host string) bool {
	zone, rest, ok := splitHost(host)
	if !ok {
		return false
	}
	depth := strings.Count(rest, ".")
	if _, err := d.tbl.GetEntity(ctx, zone, rest, nil); err == nil { // S
		return true
	}
	parent := ""
	if depth > 1 {
		parent = strings.SplitAfter(rest, ".")[1]
	}
	_, err := d.tbl.GetEntity(ctx, zone, parent, nil) // S
	return err == nil
}

// block stores one host: an entity with its keys and nothing else.
func (d *denyList) block(ctx context.Context, host string) error {
	zone, rest, ok := splitHost(host)
	if !ok {
		return errors.New("cannot split host name")
	}
	row := aztables.Entity{
		PartitionKey: zone, // L: TL201
		RowKey:       rest, // L: TL201
	}
	payload, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = d.tbl.AddEntity(ctx, payload, nil) // S
	return err
}
