// Package pagewatchc runs a timer-triggered watcher: it scrapes a list of
// strings from each configured web page, remembers which it has seen in a
// table per watch, and sends a push note for the new ones.
package pagewatchc

import (
	"errors"
	"fmt"
	"os"
	"strconv"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Watch is one page to scrape and the table that remembers its items.
type Watch struct {
	Table    string
	PageURL  string
	ScriptJS string
	Settle   int
	Title    string
}

// watchesFromEnv reads WATCH_0_*, WATCH_1_*, … until a setting is missing.
func watchesFromEnv() ([]Watch, error) {
	var out []Watch
	for n := 0; ; n++ {
		get := func(field string) (string, bool) {
			return os.LookupEnv(fmt.Sprintf("WATCH_%d_%s", n, field))
		}
		table, ok := get("TABLE")
		if !ok {
			break
		}
		page, ok := get("PAGE")
		if !ok {
			break
		}
		script, ok := get("SCRIPT")
		if !ok {
			break
		}
		settleText, ok := get("SETTLE_SECONDS")
		if !ok {
			break
		}
		settle, err := strconv.Atoi(settleText)
		if err != nil {
			return nil, fmt.Errorf("watch %d: settle seconds: %w", n, err)
		}
		title, ok := get("TITLE")
		if !ok {
			break
		}
		out = append(out, Watch{Table: table, PageURL: page, ScriptJS: script, Settle: settle, Title: title})
	}
	if len(out) == 0 {
		return nil, errors.New("pagewatchc: no watches configured")
	}
	return out, nil
}

// tableService opens the account named by the Functions host's storage
// setting.
func tableService() (*aztables.ServiceClient, error) {
	conn, ok := os.LookupEnv("AzureWebJobsStorage")
	if !ok {
		return nil, errors.New("pagewatchc: AzureWebJobsStorage is not set")
	}
	return aztables.NewServiceClientFromConnectionString(conn, nil) // S
}
