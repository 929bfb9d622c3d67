// Package hitlogb stores hourly traffic totals of hosted sites, parsed from
// web-server logs, in one Azure table per month.
package hitlogb

import (
	"encoding/json"
	"os"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Settings is the "azure" section of the collector's settings file.
type Settings struct {
	Account     string `json:"accountName"`
	AccountKey  string `json:"key"`
	TablePrefix string `json:"tableTemplate"`
	OneByOne    bool   `json:"unbatched"`
}

// ReadSettings loads the "azure" section from a JSON settings file.
func ReadSettings(path string) (Settings, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return Settings{}, err
	}
	var doc struct {
		Azure Settings `json:"azure"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return Settings{}, err
	}
	return doc.Azure, nil
}

// Sink writes the totals of one log server.
type Sink struct {
	cfg    Settings
	tables storage.TableServiceClient
	server string
	made   map[string]*storage.Table
}

// Open makes a sink for the logs of server.
func Open(cfg Settings, server string) (*Sink, error) {
	cli, err := storage.NewBasicClient(cfg.Account, cfg.AccountKey) // S
	if err != nil {
		return nil, err
	}
	return &Sink{cfg: cfg, tables: cli.GetTableService(), server: server, made: map[string]*storage.Table{}}, nil
}
