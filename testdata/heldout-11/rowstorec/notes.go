package rowstorec

import (
	"context"
	"encoding/json"
	"strconv"
	"time"
)

// note is a caller's document (added): the wrapper's Put is given its
// marshalled bytes.
type note struct {
	PartitionKey string `json:"PartitionKey"`
	RowKey       string `json:"RowKey"`
	Text         string `json:"Text"`
	SavedMs      int64  `json:"SavedMs"`
	Pinned       bool   `json:"Pinned"`
}

// SaveNote stores a short note of a tenant under a time-ordered RowKey (added).
func SaveNote(ctx context.Context, st Store, tenant, text string) error {
	now := time.Now().UTC()
	if len(text) > 1024 {
		text = text[:1024]
	}
	n := note{
		PartitionKey: alnumOnly(tenant),                     // S
		RowKey:       strconv.FormatInt(now.UnixNano(), 10), // S
		Text:         text,                                  // S
		SavedMs:      now.UnixMilli(),                       // L: TL125
	}
	doc, err := json.Marshal(n)
	if err != nil {
		return err
	}
	return st.Put(ctx, n.PartitionKey, n.RowKey, doc)
}

// TenantNotes reads a tenant's notes back (added).
func TenantNotes(ctx context.Context, st Store, tenant string) ([]note, error) {
	raws, err := st.Partition(ctx, tenant)
	if err != nil {
		return nil, err
	}
	notes := make([]note, 0, len(raws))
	for _, raw := range raws {
		var n note
		if err := json.Unmarshal(raw, &n); err != nil {
			return nil, err
		}
		notes = append(notes, n)
	}
	return notes, nil
}
