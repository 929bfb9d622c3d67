package tallyb

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Summary is one counter as the owner's listing shows it.
type Summary struct {
	Name  string
	Count int64
}

// Owned lists an owner's counters (added): one request, the result's
// continuation is never followed, and the owner is put into the literal
// unescaped.
func (s *Store) Owned(owner string) ([]Summary, error) {
	res, err := s.tbl.QueryEntities(timeoutSec, storage.NoMetadata, &storage.QueryOptions{ // L: TL307
		Filter: "PartitionKey eq '" + owner + "'", // L: TL321
	})
	if err != nil {
		return nil, err
	}
	out := make([]Summary, 0, len(res.Entities))
	for _, e := range res.Entities {
		out = append(out, Summary{Name: e.RowKey, Count: asInt(e.Properties["Count"])})
	}
	return out, nil
}

// Frozen finds every frozen counter, across owners, following the
// continuation (added).
func (s *Store) Frozen() ([]string, error) {
	opts := &storage.QueryOptions{
		Filter: "Frozen eq true", // L: TL301
		Top:    500,
	}
	res, err := s.tbl.QueryEntities(timeoutSec, storage.NoMetadata, opts) // S
	if err != nil {
		return nil, err
	}
	var keys []string
	for {
		for _, e := range res.Entities {
			keys = append(keys, e.PartitionKey+"/"+e.RowKey)
		}
		if res.NextLink == nil {
			break
		}
		if res, err = res.NextResults(nil); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

// Lookup reads one counter by both keys through a filter (added): a point
// query, one page is all there can be; the keys are escaped.
func (s *Store) Lookup(owner, name string) (*storage.Entity, error) {
	f := fmt.Sprintf("PartitionKey eq '%s' and RowKey eq '%s'", quote(owner), quote(name))                    // S
	res, err := s.tbl.QueryEntities(timeoutSec, storage.NoMetadata, &storage.QueryOptions{Filter: f, Top: 1}) // S
	if err != nil {
		return nil, err
	}
	if len(res.Entities) == 0 {
		return nil, ErrMissing
	}
	return res.Entities[0], nil
}

func quote(v string) string {
	out := make([]rune, 0, len(v))
	for _, r := range v {
		if r == '\'' {
			out = append(out, '\'')
		}
		out = append(out, r)
	}
	return string(out)
}
