// Package overridesc recreates, in new words, a repository of per-instance
// chart value overrides kept in Azure Table storage: PartitionKey is the
// stack instance, RowKey the chart configuration, and a separate generated
// ID that callers also look rows up by.
package overridesc

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Override is the model the rest of the application uses.
type Override struct {
	ID         string
	InstanceID string
	ChartID    string
	Values     string
	ChangedAt  time.Time
}

var (
	ErrNotFound = errors.New("overridesc: not found")
	ErrInvalid  = errors.New("overridesc: invalid")
)

// overrideRow is the stored shape; the time is kept as RFC 3339 text.
type overrideRow struct {
	PartitionKey string `json:"PartitionKey"`
	RowKey       string `json:"RowKey"`
	ID           string `json:"ID"`
	InstanceID   string `json:"StackInstanceID"`
	ChartID      string `json:"ChartConfigID"`
	Values       string `json:"Values"`
	ChangedAt    string `json:"UpdatedAt"` // S
}

func (r overrideRow) model() Override {
	o := Override{ID: r.ID, InstanceID: r.InstanceID, ChartID: r.ChartID, Values: r.Values}
	o.ChangedAt, _ = time.Parse(time.RFC3339, r.ChangedAt)
	return o
}

func rowProps(o Override) map[string]any {
	return map[string]any{
		"PartitionKey":    o.InstanceID, // S
		"RowKey":          o.ChartID,    // S
		"ID":              o.ID,
		"StackInstanceID": o.InstanceID,
		"ChartConfigID":   o.ChartID,
		"Values":          o.Values,
		"UpdatedAt":       o.ChangedAt.Format(time.RFC3339), // S
	}
}

// Repo stores overrides in one table.
type Repo struct {
	table *aztables.Client
	newID func() string
}

func NewRepo(table *aztables.Client, newID func() string) *Repo {
	return &Repo{table: table, newID: newID}
}

func notFound(err error) bool {
	var re *azcore.ResponseError
	return errors.As(err, &re) && re.StatusCode == http.StatusNotFound
}

// Create inserts a new override; a second one for the same pair fails.
func (r *Repo) Create(ctx context.Context, o *Override) error {
	if o.ID == "" {
		o.ID = r.newID()
	}
	if o.InstanceID == "" || o.ChartID == "" {
		return ErrInvalid
	}
	o.ChangedAt = time.Now().UTC()
	body, err := json.Marshal(rowProps(*o))
	if err != nil {
		return err
	}
	_, err = r.table.AddEntity(ctx, body, nil) // S
	return err
}

// ByPair is the point read the keys were chosen for.
func (r *Repo) ByPair(ctx context.Context, instanceID, chartID string) (*Override, error) {
	resp, err := r.table.GetEntity(ctx, instanceID, chartID, nil) // S
	if err != nil {
		if notFound(err) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	var row overrideRow
	if err := json.Unmarshal(resp.Value, &row); err != nil {
		return nil, err
	}
	o := row.model()
	return &o, nil
}

// Save replaces the stored values with the caller's (no read first).
func (r *Repo) Save(ctx context.Context, o *Override) error {
	o.ChangedAt = time.Now().UTC()
	body, err := json.Marshal(rowProps(*o))
	if err != nil {
		return err
	}
	_, err = r.table.UpdateEntity(ctx, body, nil) // S
	return err
}
