// Package keyholes: key templates read from the value each key is given.
package keyholes

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

type store struct{ c *aztables.Client }

// Event: a partition of the current day, a row the code generates.
func (s *store) Event(ctx context.Context, kind string) {
	day := time.Now().UTC()
	id := uuid.New()
	b, _ := json.Marshal(map[string]any{
		"PartitionKey": day.Format("20060102"),
		"RowKey":       id.String(),
		"Kind":         kind,
	})
	s.c.AddEntity(ctx, b, nil)
}

// Imported: the twins. A time given by the caller is a property, not
// now; a UUID parsed from input is the caller's value, not generated.
func (s *store) Imported(ctx context.Context, at time.Time, raw string) {
	id, _ := uuid.Parse(raw)
	b, _ := json.Marshal(map[string]any{
		"PartitionKey": at.Format("20060102"),
		"RowKey":       id.String(),
	})
	s.c.AddEntity(ctx, b, nil)
}

// Grouped: the key of a map range is named after the range variable.
func (s *store) Grouped(ctx context.Context, byTeam map[string][]string) {
	for team, members := range byTeam {
		b, _ := json.Marshal(map[string]any{"PartitionKey": team, "RowKey": fmt.Sprintf("%06d", len(members))})
		s.c.AddEntity(ctx, b, nil)
	}
}

// Fixed: constant keys, one of them formatted, are the constants.
func (s *store) Fixed(ctx context.Context) {
	s.c.GetEntity(ctx, "settings", fmt.Sprint(1), nil)
}
