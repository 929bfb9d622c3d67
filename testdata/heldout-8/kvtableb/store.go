// Package kvtableb is a key/value store on one table (legacy API): each
// value is encoded by a codec into one Binary property.
package kvtableb

import (
	"crypto/md5"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const valueProp = "v"

var (
	callTimeout  = uint(1)
	createTimout = uint(2)
)

// Codec turns values into bytes and back.
type Codec interface {
	Marshal(v any) ([]byte, error)
	Unmarshal(data []byte, v any) error
}

type jsonCodec struct{}

func (jsonCodec) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (jsonCodec) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// Config is how a Store is opened.
type Config struct {
	Account string
	Key     string
	// Table defaults to "kvpairs".
	Table string
	// Partition picks the PartitionKey of a key; the default puts every
	// pair in the empty partition.
	Partition func(key string) string
	Codec     Codec
}

// A Store is the table-backed store.
type Store struct {
	table     *storage.Table
	partition func(string) string
	codec     Codec
}

// NoPartition is the default partition picker.
func NoPartition(string) string { return "" } // S

// The picker from SpreadOver spreads keys over n partitions by hash.
func SpreadOver(n uint16) func(string) string {
	return func(key string) string {
		sum := md5.Sum([]byte(key))
		x := uint64(sum[0])<<24 | uint64(sum[1])<<16 | uint64(sum[2])<<8 | uint64(sum[3])
		return strconv.FormatUint(x%uint64(n), 10) // L: TL204
	}
}

// Open connects and creates the table when it is missing.
func Open(cfg Config) (*Store, error) {
	if cfg.Account == "" || cfg.Key == "" {
		return nil, errors.New("account and key are required")
	}
	if cfg.Table == "" {
		cfg.Table = "kvpairs"
	}
	if cfg.Partition == nil {
		cfg.Partition = NoPartition
	}
	if cfg.Codec == nil {
		cfg.Codec = jsonCodec{}
	}
	cl, err := storage.NewBasicClient(cfg.Account, cfg.Key) // S
	if err != nil {
		return nil, err
	}
	ts := cl.GetTableService()
	t := ts.GetTableReference(cfg.Table)
	if err := t.Create(createTimout, storage.EmptyPayload, nil); err != nil && !strings.Contains(err.Error(), "TableAlreadyExists") {
		return nil, err
	}
	return &Store{table: t, partition: cfg.Partition, codec: cfg.Codec}, nil
}

func checkKey(k string) error {
	if k == "" {
		return errors.New("key must not be empty")
	}
	return nil
}

// Put stores v under k, replacing what was there.
func (s *Store) Put(k string, v any) error {
	if err := checkKey(k); err != nil {
		return err
	}
	if v == nil {
		return errors.New("value must not be nil")
	}
	data, err := s.codec.Marshal(v)
	if err != nil {
		return err
	}
	e := s.table.GetEntityReference(s.partition(k), k)
	e.Properties = map[string]interface{}{valueProp: data}                 // S
	return e.InsertOrReplace(&storage.EntityOptions{Timeout: callTimeout}) // S
}

// Fetch decodes the value stored under k into v; found is false when there is none.
func (s *Store) Fetch(k string, v any) (found bool, err error) {
	if err := checkKey(k); err != nil {
		return false, err
	}
	e := s.table.GetEntityReference(s.partition(k), k)
	if err := e.Get(callTimeout, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{valueProp}}); err != nil {
		if strings.Contains(err.Error(), "ResourceNotFound") {
			return false, nil
		}
		return false, err
	}
	data, ok := e.Properties[valueProp].([]byte)
	if !ok {
		return true, fmt.Errorf("value of %q is not bytes", k)
	}
	return true, s.codec.Unmarshal(data, v)
}

// Remove deletes k; a missing key is no error.
func (s *Store) Remove(k string) error {
	if err := checkKey(k); err != nil {
		return err
	}
	e := s.table.GetEntityReference(s.partition(k), k)
	err := e.Delete(true, &storage.EntityOptions{Timeout: callTimeout})
	if err != nil && strings.Contains(err.Error(), "ResourceNotFound") {
		return nil
	}
	return err
}
