package relayhosta

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Sessions persists bearer tokens and per-session identity blobs so that any
// instance of the relay can resume a session another instance started.
type Sessions struct {
	tokens *aztables.Client
	blobs  *aztables.Client
}

// Grant is one issued bearer token.
type Grant struct {
	Bearer    string
	SessionID string
	Issued    time.Time
	Withdrawn bool
	GraceTill time.Time
}

// OpenSessions prepares both session tables.
func OpenSessions(conn string) (*Sessions, error) {
	s := &Sessions{}
	for name, dst := range map[string]**aztables.Client{"RelayGrants": &s.tokens, "RelayIdentities": &s.blobs} {
		tc, err := openTable(conn, name)
		if err != nil {
			return nil, err
		}
		*dst = tc
	}
	return s, nil
}

// Keep writes a grant, overwriting an older copy.
func (s *Sessions) Keep(g Grant) error {
	var withdrawn int64
	if g.Withdrawn {
		withdrawn = 1
	}
	var grace int64
	if !g.GraceTill.IsZero() {
		grace = g.GraceTill.UnixNano()
	}
	row := map[string]any{
		"PartitionKey": "grants",
		"RowKey":       safeKey(g.Bearer),
		"Bearer":       g.Bearer,
		"SessionID":    g.SessionID,
		"IssuedNs":     g.Issued.UnixNano(), // L: TL125
		"Withdrawn":    withdrawn,           // S
		"GraceNs":      grace,               // L: TL125
	}
	return storeRow(context.Background(), s.tokens, row)
}

// Forget drops a grant.
func (s *Sessions) Forget(bearer string) error {
	return removeRow(context.Background(), s.tokens, "grants", safeKey(bearer))
}

// All reads every grant back at start-up.
func (s *Sessions) All(ctx context.Context) ([]Grant, error) {
	pager := s.tokens.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: textPtr("PartitionKey eq 'grants'"), // S
	})
	var out []Grant
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, fmt.Errorf("relay: grants: %w", err)
		}
		for _, raw := range page.Entities {
			row := map[string]any{}
			if err := json.Unmarshal(raw, &row); err != nil {
				return nil, err
			}
			g := Grant{
				Bearer:    asText(row, "Bearer"),
				SessionID: asText(row, "SessionID"),
				Issued:    time.Unix(0, asInt(row["IssuedNs"])),
				Withdrawn: asInt(row["Withdrawn"]) != 0,
			}
			if ns := asInt(row["GraceNs"]); ns != 0 {
				g.GraceTill = time.Unix(0, ns)
			}
			out = append(out, g)
		}
	}
	return out, nil
}

// KeepIdentity stores a session's identity document in 24 KiB pieces.
func (s *Sessions) KeepIdentity(sessionID string, doc []byte) error {
	row := map[string]any{
		"PartitionKey": "identities",
		"RowKey":       safeKey(sessionID),
		"SessionID":    sessionID,
	}
	putPieces(row, "Doc", doc)
	return storeRow(context.Background(), s.blobs, row)
}

// Identity returns the stored identity document, if any.
func (s *Sessions) Identity(sessionID string) ([]byte, bool, error) {
	row, err := fetchRow(context.Background(), s.blobs, "identities", safeKey(sessionID))
	if err != nil || row == nil {
		return nil, false, err
	}
	return takePieces(row, "Doc"), true, nil
}
