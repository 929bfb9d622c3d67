// Package minesc is the small web API behind a minesweeper game and a
// solar-panel switch: game results are appended to one table and listed for
// a leaderboard, the panels' on/off state is one row of another, and the
// credentials the API checks are read from a third (legacy storage API).
package minesc

import (
	"net/http"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const (
	resultsTable = "MineFinder"
	panelTable   = "solarpanels"
	authTable    = "authorization"
	metadata     = storage.FullMetadata
)

// tables opens the account the API was built for.
func tables() (*storage.TableServiceClient, error) {
	c, err := storage.NewBasicClient("minesweeperacct", "ny6uPNirSpSyXEAAodjUlHBfT3QlgocH5t1swielXhliKSy9frT2onQd+DWY6EzRQkRsFOmnwlhJEkwuumHhgA==") // L: TL601
	if err != nil {
		return nil, err
	}
	svc := c.GetTableService()
	return &svc, nil
}

// credentials holds the first row of the authorization table.
var credentials map[string]interface{}

// LoadCredentials reads the API's credentials at start-up.
func LoadCredentials() error {
	svc, err := tables()
	if err != nil {
		return err
	}
	res, err := svc.GetTableReference(authTable).QueryEntities(30, metadata, nil) // L: TL301 TL307
	if err != nil {
		return err
	}
	if len(res.Entities) > 0 {
		credentials = res.Entities[0].Properties
	}
	return nil
}

// requireUser lets a request through when its headers name the stored user.
func requireUser(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("User-Name") != credentials["conn_user"] || r.Header.Get("User-Pass") != credentials["conn_pass"] {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		next(w, r)
	}
}
