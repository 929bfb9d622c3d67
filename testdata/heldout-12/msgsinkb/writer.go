package msgsinkb

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Writer sends messages to tables.
type Writer struct {
	conf   Config
	svc    storage.TableServiceClient
	tables map[string]*storage.Table
}

// New connects with the configured account.
func New(conf Config) (*Writer, error) {
	cli, err := storage.NewBasicClient(conf.Account, conf.AccessKey) // S
	if err != nil {
		return nil, err
	}
	return &Writer{conf: conf, svc: cli.GetTableService(), tables: map[string]*storage.Table{}}, nil
}

// table returns the table named for a message, created on first use; a
// table that already exists is fine.
func (w *Writer) table(name string) (*storage.Table, error) {
	if t, ok := w.tables[name]; ok {
		return t, nil
	}
	t := w.svc.GetTableReference(name)
	if err := t.Create(30, storage.NoMetadata, nil); err != nil && !strings.Contains(err.Error(), "TableAlreadyExists") {
		return nil, err
	}
	w.tables[name] = t
	return t, nil
}

func (w *Writer) partition(m Message, fields map[string]interface{}) string {
	if w.conf.PartitionKey == "" {
		return time.Now().UTC().Format("2006010215")
	}
	return expand(w.conf.PartitionKey, m, fields)
}

// properties are the configured ones, interpolated, or else every field of
// the message as decoded.
func (w *Writer) properties(m Message, fields map[string]interface{}) (map[string]interface{}, error) {
	props := map[string]interface{}{}
	if len(w.conf.Properties) == 0 {
		for k, v := range fields {
			props[k] = v // S
		}
	} else {
		for k, tmpl := range w.conf.Properties {
			props[k] = expand(tmpl, m, fields) // S
		}
	}
	if w.conf.KeepRaw {
		raw, err := json.Marshal(fields)
		if err != nil {
			return nil, err
		}
		props["Raw"] = string(raw) // L: TL122
	}
	return props, nil
}

// entity builds the row of one message.
func (w *Writer) entity(t *storage.Table, m Message) (*storage.Entity, error) {
	fields := m.fields()
	pk := w.partition(m, fields)
	rk := expand(w.conf.RowKey, m, fields)
	e := t.GetEntityReference(pk, rk) // L: TL209
	props, err := w.properties(m, fields)
	if err != nil {
		return nil, err
	}
	e.Properties = props
	return e, nil
}

// WriteOne is #480's single write: insert, insert-or-merge or
// insert-or-replace, as configured.
func (w *Writer) WriteOne(m Message) error {
	t, err := w.table(expand(w.conf.Table, m, m.fields()))
	if err != nil {
		return err
	}
	e, err := w.entity(t, m)
	if err != nil {
		return err
	}
	switch w.conf.InsertKind {
	case "INSERT_MERGE":
		return e.InsertOrMerge(nil) // S
	case "INSERT_REPLACE":
		return e.InsertOrReplace(nil) // S
	case "INSERT", "":
		return e.Insert(storage.NoMetadata, nil) // S
	}
	return fmt.Errorf("msgsink: unknown insert kind %q", w.conf.InsertKind)
}
