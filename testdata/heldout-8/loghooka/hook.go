// Package loghooka is a structured-logging hook that writes every log entry
// at or above a level as one row of a table, through the legacy storage
// Table API: one fixed partition, the entry's time in nanoseconds as the
// RowKey, the entry's fields copied as properties.
package loghooka

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const (
	logPartition = "applog"
	createWait   = 30
)

// Severity orders log levels; lower is more severe.
type Severity int

const (
	Fatal Severity = iota
	Error
	Warn
	Info
	Debug
)

func (s Severity) String() string {
	return [...]string{"fatal", "error", "warning", "info", "debug"}[s]
}

// Entry is one log event as the logger hands it to its hooks.
type Entry struct {
	At      time.Time
	Level   Severity
	Message string
	Fields  map[string]interface{}
}

// Hook sends entries to a table.
type Hook struct {
	tbl    *storage.Table
	levels []Severity
}

// NewHook opens (and if needed creates) the log table. An empty account name
// or key falls back to the environment. It returns nil when the table cannot
// be reached: a logger has nowhere to report that.
func NewHook(account, key, table string, upTo Severity) *Hook {
	if account == "" || key == "" {
		account, key = os.Getenv("LOG_ACCOUNT"), os.Getenv("LOG_ACCOUNT_KEY")
	}
	cli, err := storage.NewBasicClient(account, key) // S
	if err != nil {
		return nil
	}
	svc := cli.GetTableService()
	tbl, err := ensureTable(&svc, table)
	if err != nil {
		return nil
	}
	h := &Hook{tbl: tbl}
	for s := Fatal; s <= upTo; s++ {
		h.levels = append(h.levels, s)
	}
	return h
}

func ensureTable(svc *storage.TableServiceClient, name string) (*storage.Table, error) {
	t := svc.GetTableReference(name)
	if err := t.Create(createWait, storage.EmptyPayload, nil); err != nil {
		if !strings.Contains(err.Error(), "TableAlreadyExists") {
			return nil, errors.New("cannot create the log table")
		}
	}
	return t, nil
}

// Levels are the severities the hook wants.
func (h *Hook) Levels() []Severity { return h.levels }

// Fire writes one entry as a row.
func (h *Hook) Fire(e *Entry) error {
	row := h.tbl.GetEntityReference(logPartition, strconv.FormatInt(e.At.UnixNano(), 10)) // L: TL204
	props := make(map[string]interface{}, len(e.Fields)+4)
	for k, v := range e.Fields {
		props[k] = v // S
	}
	props["LogTimestamp"] = e.At.UTC()  // S
	props["LogNanos"] = e.At.UnixNano() // S
	props["Level"] = e.Level.String()
	props["Message"] = e.Message
	row.Properties = props
	return row.Insert(storage.EmptyPayload, nil)
}
