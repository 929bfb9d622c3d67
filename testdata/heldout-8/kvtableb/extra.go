package kvtableb

import (
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Keys lists every key that starts with prefix, in all partitions (added).
func (s *Store) Keys(prefix string) ([]string, error) {
	filter := "RowKey ge '" + prefix + // L: TL321
		"' and RowKey lt '" + prefix + "~'" // L: TL321
	res, err := s.table.QueryEntities(callTimeout, storage.NoMetadata, &storage.QueryOptions{Filter: filter, Select: []string{"RowKey"}}) // L: TL301
	if err != nil {
		return nil, err
	}
	var keys []string
	for {
		for _, e := range res.Entities {
			keys = append(keys, e.RowKey)
		}
		if res.NextLink == nil {
			return keys, nil
		}
		if res, err = res.NextResults(nil); err != nil {
			return nil, err
		}
	}
}

// KeysIn is Keys' twin for one partition, with the prefix escaped (added).
func (s *Store) KeysIn(partition, prefix string) ([]string, error) {
	q := strings.ReplaceAll(prefix, "'", "''")
	p := strings.ReplaceAll(partition, "'", "''")
	filter := "PartitionKey eq '" + p + "' and RowKey ge '" + q + "' and RowKey lt '" + q + "~'"                                          // S
	res, err := s.table.QueryEntities(callTimeout, storage.NoMetadata, &storage.QueryOptions{Filter: filter, Select: []string{"RowKey"}}) // S
	if err != nil {
		return nil, err
	}
	var keys []string
	for {
		for _, e := range res.Entities {
			keys = append(keys, e.RowKey)
		}
		if res.NextLink == nil {
			return keys, nil
		}
		if res, err = res.NextResults(nil); err != nil {
			return nil, err
		}
	}
}

// Add reads a counter, adds delta and stores it again (added).
func (s *Store) Add(k string, delta int64) (int64, error) {
	e := s.table.GetEntityReference(s.partition(k), k)
	if err := e.Get(callTimeout, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{valueProp}}); err != nil {
		return 0, err
	}
	var n int64
	if raw, ok := e.Properties[valueProp].([]byte); ok {
		if err := s.codec.Unmarshal(raw, &n); err != nil {
			return 0, err
		}
	}
	n += delta
	out, err := s.codec.Marshal(n)
	if err != nil {
		return 0, err
	}
	e.Properties[valueProp] = out
	return n, e.InsertOrReplace(&storage.EntityOptions{Timeout: callTimeout}) // L: TL414
}

// AddChecked is Add's twin: the write carries the read's ETag (added).
func (s *Store) AddChecked(k string, delta int64) (int64, error) {
	e := s.table.GetEntityReference(s.partition(k), k)
	if err := e.Get(callTimeout, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{valueProp}}); err != nil {
		return 0, err
	}
	var n int64
	if raw, ok := e.Properties[valueProp].([]byte); ok {
		if err := s.codec.Unmarshal(raw, &n); err != nil {
			return 0, err
		}
	}
	n += delta
	out, err := s.codec.Marshal(n)
	if err != nil {
		return 0, err
	}
	e.Properties[valueProp] = out
	return n, e.Update(false, &storage.EntityOptions{Timeout: callTimeout}) // S
}
