package wardsyncd

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// latestRow is the RowKey of the one row each record has.
const latestRow = "latest"

// connect opens the account and makes sure the three tables exist. It runs
// for every store and, as in the original, again for every write.
func connect() *aztables.ServiceClient {
	svc, err := aztables.NewServiceClientFromConnectionString("DefaultEndpointsProtocol=https;AccountName=wardsimstore;AccountKey=ta5/Kv/MuqF/jmvixbWgphO+U6ksp8hsBn84rEVnwMjsjMTMq9ZtEwfh4EVvcfnOVC2VgYNc02wM7p0IoptRpg==;EndpointSuffix=core.windows.net", nil) // L: TL601
	if err != nil {
		panic(err)
	}
	// Errors ignored: the tables usually exist already.
	_, _ = svc.CreateTable(context.TODO(), "WardMessages", nil) // S
	_, _ = svc.CreateTable(context.TODO(), "WardEvents", nil)   // S
	_, _ = svc.CreateTable(context.TODO(), "WardPatients", nil) // S
	return svc
}

// sasClient opens the account through a SAS pasted from the portal. Nothing
// calls it yet; the table it is given is not used.
func sasClient(table string) *aztables.Client {
	client, err := aztables.NewClientWithNoCredential("https://wardsimstore.table.core.windows.net/?sv=2021-06-08&ss=t&srt=sco&sp=rwdlacu&se=2023-01-01T00:00:00Z&st=2022-10-01T00:00:00Z&spr=https&sig=VMtmdSm6jzc%2BjEclrUMoCFBNuhc2BsotYu%2BEi88Wk34%3D", nil) // L: TL602
	if err != nil {
		panic(err)
	}
	_ = table
	return client
}

// TableStore is the Azure Tables Store: one row per record, keyed by the
// record's key, with the whole record as a JSON document in one property.
type TableStore struct {
	kind          Kind
	removeEnabled bool
	removed       int
	decoder       Decoder
}

var _ Store = (*TableStore)(nil)

// NewTableStore opens the account for one kind of record.
func NewTableStore(kind Kind) *TableStore {
	connect()
	return &TableStore{kind: kind, decoder: jsonDecoder{kind: kind}}
}

// NewTableStoreWithRemove is NewTableStore whose Remove counts removals.
func NewTableStoreWithRemove(kind Kind, remove bool) *TableStore {
	s := NewTableStore(kind)
	s.removeEnabled = remove
	return s
}

// Save inserts the record's row. A record saved twice fails with a conflict,
// which the simulator treats as fatal.
func (s *TableStore) Save(rec Record) error {
	doc, _ := json.Marshal(rec)
	table := s.kind.String()
	key, err := rec.Key()
	if err != nil {
		return fmt.Errorf("wardsync: no key: %w", err)
	}
	log.Printf("wardsync: save %s %s", table, key)
	log.Printf("wardsync: document %s", doc)

	row := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: key,       // S
			RowKey:       latestRow, // S
		},
		Properties: map[string]any{
			"Document": string(doc), // L: TL122
		},
	}
	body, err := json.Marshal(row)
	if err != nil {
		panic(err)
	}

	client := connect().NewClient(table)                                   // S
	if _, err := client.AddEntity(context.TODO(), body, nil); err != nil { // S
		panic(err)
	}
	return nil
}

// Remove only counts: rows are never deleted.
func (s *TableStore) Remove(rec Record) error {
	if !s.removeEnabled {
		return nil
	}
	s.removed++
	key, err := rec.Key()
	if err != nil {
		return fmt.Errorf("wardsync: no key: %w", err)
	}
	log.Printf("wardsync: remove %s %s", s.kind, key)
	return nil
}

// Removed reports how many removals were asked for.
func (s *TableStore) Removed() int { return s.removed }

// All reads every record of the store's table. (added)
func (s *TableStore) All() ([]Record, error) {
	ctx := context.TODO()
	client := connect().NewClient(s.kind.String())
	pager := client.NewListEntitiesPager(nil) // L: TL301
	var out []Record
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			rec, err := s.fromRow(raw)
			if err != nil {
				return nil, err
			}
			out = append(out, rec)
		}
	}
	return out, nil
}

// ByKey reads one record's row. (added)
func (s *TableStore) ByKey(key string) (Record, error) {
	client := connect().NewClient(s.kind.String())
	resp, err := client.GetEntity(context.TODO(), key, latestRow, nil) // S
	if err != nil {
		return nil, err
	}
	return s.fromRow(resp.Value)
}

// Replace writes a newer version of a record that was saved before, keeping
// a revision count on the row. (added)
func (s *TableStore) Replace(rec Record) error {
	ctx := context.TODO()
	key, err := rec.Key()
	if err != nil {
		return fmt.Errorf("wardsync: no key: %w", err)
	}
	doc, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	client := connect().NewClient(s.kind.String())
	resp, err := client.GetEntity(ctx, key, latestRow, nil) // S
	if err != nil {
		return err
	}
	var current aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &current); err != nil {
		return err
	}
	revision, _ := current.Properties["Revision"].(int32)
	current.Properties["Document"] = string(doc) // L: TL122
	current.Properties["Revision"] = revision + 1
	body, err := json.Marshal(current)
	if err != nil {
		return err
	}
	if _, err := client.UpdateEntity(ctx, body, nil); err != nil { // L: TL414
		return fmt.Errorf("wardsync: replace %s: %w", key, err)
	}
	return nil
}

func (s *TableStore) fromRow(raw []byte) (Record, error) {
	var row aztables.EDMEntity
	if err := json.Unmarshal(raw, &row); err != nil {
		return nil, err
	}
	doc, ok := row.Properties["Document"].(string)
	if !ok {
		return nil, fmt.Errorf("wardsync: row %s has no document", row.PartitionKey)
	}
	return s.decoder.Decode([]byte(doc))
}
