// Package ingeststatusa tracks data-ingestion jobs in a status table handed
// out by the ingestion service (a table URL carrying a SAS): the client
// writes a pending row keyed by the job's source id, and a poller reads it
// until the service marks it final.
package ingeststatusa

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

const writeTimeout = 10 * time.Second

// rowReader is what the poller needs from the status table.
type rowReader interface {
	Fetch(ctx context.Context, sourceID string) (map[string]any, error)
}

// StatusTable reads and writes status rows.
type StatusTable struct {
	tc *aztables.Client
}

var _ rowReader = (*StatusTable)(nil)

// OpenStatusTable makes a client from the SAS URL the service returned.
func OpenStatusTable(sasURL string) (*StatusTable, error) {
	tc, err := aztables.NewClientWithNoCredential(sasURL, nil)
	if err != nil {
		return nil, err
	}
	return &StatusTable{tc: tc}, nil
}

// Fetch point-reads the status row of one source.
func (s *StatusTable) Fetch(ctx context.Context, sourceID string) (map[string]any, error) {
	resp, err := s.tc.GetEntity(ctx, sourceID, uuid.UUID{}.String(), nil) // S
	if err != nil {
		return nil, err
	}
	row := map[string]any{}
	if err := json.Unmarshal(resp.Value, &row); err != nil {
		return nil, err
	}
	return row, nil
}

// Create inserts the first row of a job (keys included) with full metadata.
func (s *StatusTable) Create(ctx context.Context, fields map[string]any) error {
	ctx, cancel := context.WithTimeout(ctx, writeTimeout)
	defer cancel()
	b, err := json.Marshal(fields)
	if err != nil {
		return err
	}
	full := aztables.MetadataFormat("application/json;odata=fullmetadata")
	_, err = s.tc.AddEntity(ctx, b, &aztables.AddEntityOptions{Format: &full})
	return err
}
