// Package wfstatec is the HTTP side of a serverless custom handler: one
// route remembers when the workflow last ran in a state table, others count
// runs and keep a history of invocations (legacy storage Table API).
package wfstatec

import (
	"net/http"
	"os"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// App holds the account client the routes share.
type App struct {
	acct storage.Client
}

// NewApp connects with the account named by the host's settings.
func NewApp() (*App, error) {
	c, err := storage.NewBasicClient(os.Getenv("STATE_ACCOUNT"), os.Getenv("STATE_ACCOUNT_KEY")) // S
	if err != nil {
		return nil, err
	}
	return &App{acct: c}, nil
}

// Routes registers the handlers.
func (a *App) Routes(mux *http.ServeMux) {
	mux.HandleFunc("/api/state", a.lastRun)
	mux.HandleFunc("/api/runs", a.countRun)
	mux.HandleFunc("/api/runs-safe", a.countRunChecked)
	mux.HandleFunc("/api/history", a.recordCall)
	mux.HandleFunc("/api/history-sorted", a.recordCallSorted)
}

func (a *App) table(name string) *storage.Table {
	svc := a.acct.GetTableService()
	t := svc.GetTableReference(name)
	_ = t.Create(20, storage.FullMetadata, nil) // exists already most of the time
	return t
}
