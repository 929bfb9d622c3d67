// Package rpstateb keeps the state of a custom resource provider's
// resources and of its long-running operations in two tables (legacy API).
package rpstateb

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
	"github.com/google/uuid"
)

const callTimeout = 60

// Filled from the environment when the process starts.
var (
	StoreAccount string
	StoreKey     string
	ResourceTab  string
	OperationTab string
)

// A Spec is what a resource request carries and what is kept between requests.
type Spec struct {
	Inputs       map[string]any
	Secrets      map[string]any
	Provisioning string
	LastOp       string
	Provider     string
	Kind         string
	Phase        string
}

// Failure is the error document returned to the resource manager.
type Failure struct {
	Code    string    `json:"code"`
	Message string    `json:"message"`
	Inner   []Failure `json:"details,omitempty"`
}

func tableService() (*storage.TableServiceClient, error) {
	cl, err := storage.NewBasicClient(StoreAccount, StoreKey) // S
	if err != nil {
		return nil, fmt.Errorf("table service: %w", err)
	}
	ts := cl.GetTableService()
	return &ts, nil
}

// rowFor turns a resource id into a RowKey: its slashes become '!', which
// the request check refuses in a path.
func rowFor(resourceID string) string {
	return strings.ReplaceAll(resourceID, "/", "!")
}

func idFor(row string) string {
	return strings.ReplaceAll(row, "!", "/")
}

func resourceRow(subscription, resourceID string) (*storage.Entity, error) {
	ts, err := tableService()
	if err != nil {
		return nil, err
	}
	t := ts.GetTableReference(ResourceTab)
	return t.GetEntityReference(subscription, rowFor(resourceID)), nil // S
}

func reqID() string { return uuid.New().String() }

// The state of a resource, read by LoadSpec; a 404 means a first PUT.
func LoadSpec(subscription, resourceID string) (*Spec, error) {
	row, err := resourceRow(subscription, resourceID)
	if err != nil {
		return nil, err
	}
	if err := row.Get(callTimeout, storage.MinimalMetadata, &storage.GetEntityOptions{RequestID: reqID()}); err != nil {
		return nil, err
	}
	s := &Spec{}
	if raw, ok := row.Properties["Inputs"].(string); ok {
		if err := json.Unmarshal([]byte(raw), &s.Inputs); err != nil {
			return nil, fmt.Errorf("inputs: %w", err)
		}
	}
	if raw, ok := row.Properties["Secrets"].(string); ok {
		if err := json.Unmarshal([]byte(raw), &s.Secrets); err != nil {
			return nil, fmt.Errorf("secrets: %w", err)
		}
	}
	s.Provisioning, _ = row.Properties["ProvisioningState"].(string)
	s.LastOp, _ = row.Properties["OperationId"].(string)
	s.Phase, _ = row.Properties["Status"].(string)
	return s, nil
}

// The whole state is written by SaveSpec of a resource, inputs and secrets as JSON.
func SaveSpec(subscription, resourceID string, s *Spec) error {
	row, err := resourceRow(subscription, resourceID)
	if err != nil {
		return err
	}
	in, err := json.Marshal(s.Inputs)
	if err != nil {
		return err
	}
	sec, err := json.Marshal(s.Secrets)
	if err != nil {
		return err
	}
	row.Properties = map[string]interface{}{
		"Inputs":            string(in),  // L: TL122
		"Secrets":           string(sec), // L: TL122
		"ProvisioningState": s.Provisioning,
		"OperationId":       s.LastOp,
		"ResourceProvider":  s.Provider,
		"ResourceType":      s.Kind,
		"Status":            s.Phase,
	}
	return row.InsertOrReplace(&storage.EntityOptions{Timeout: callTimeout, RequestID: reqID()}) // S
}

// RecordFailure stores the failure document gzipped, to stay under the
// property limit, and marks the resource failed.
func RecordFailure(subscription, resourceID string, f *Failure) error {
	row, err := resourceRow(subscription, resourceID)
	if err != nil {
		return err
	}
	doc, err := json.Marshal(f)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(doc); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	row.Properties = map[string]interface{}{
		"ProvisioningState": "Failed",
		"ErrorResponse":     buf.Bytes(), // S
	}
	return row.Merge(true, &storage.EntityOptions{Timeout: callTimeout, RequestID: reqID()}) // S
}

// The phase setter SetPhase changes only the status shown while a job runs.
func SetPhase(subscription, resourceID, phase string) error {
	row, err := resourceRow(subscription, resourceID)
	if err != nil {
		return err
	}
	row.Properties = map[string]interface{}{"Status": phase}
	if err := row.Merge(true, &storage.EntityOptions{Timeout: callTimeout, RequestID: reqID()}); err != nil { // S
		return fmt.Errorf("set phase: %w", err)
	}
	return nil
}

// DropSpec removes a resource's state once its uninstall is done.
func DropSpec(subscription, resourceID string) error {
	row, err := resourceRow(subscription, resourceID)
	if err != nil {
		return err
	}
	return row.Delete(true, &storage.EntityOptions{Timeout: callTimeout, RequestID: reqID()})
}

// listSpecs names the resources of one subscription that belong to one
// provider and type (the LIST request).
func listSpecs(subscription, provider, kind string) ([]string, error) {
	ts, err := tableService()
	if err != nil {
		return nil, err
	}
	t := ts.GetTableReference(ResourceTab)
	filter := fmt.Sprintf("PartitionKey eq '%s' and ResourceProvider eq '%s' and ResourceType eq '%s'",
		subscription, // S
		provider,     // L: TL321
		kind)         // L: TL321
	res, err := t.QueryEntities(callTimeout, storage.NoMetadata, &storage.QueryOptions{Filter: filter, Select: []string{"RowKey"}, RequestID: reqID()}) // L: TL303 TL307
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(res.Entities))
	for _, e := range res.Entities {
		ids = append(ids, idFor(e.RowKey))
	}
	return ids, nil
}
