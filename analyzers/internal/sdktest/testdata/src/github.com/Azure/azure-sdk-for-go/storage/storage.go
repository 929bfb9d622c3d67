// Package storage is a test stub of the legacy storage package's Table API.
package storage

import "time"

type Client struct{}

func NewBasicClient(accountName, accountKey string) (Client, error) { return Client{}, nil }
func NewEmulatorClient() (Client, error)                            { return Client{}, nil }
func NewClientFromConnectionString(input string) (Client, error)    { return Client{}, nil }
func NewAccountSASClientFromEndpointToken(endpoint string, sasToken string) (Client, error) {
	return Client{}, nil
}
func (c Client) GetTableService() TableServiceClient { return TableServiceClient{} }

type TableServiceClient struct{}

func (t *TableServiceClient) GetTableReference(name string) *Table { return &Table{Name: name} }

type MetadataLevel string

const (
	EmptyPayload    MetadataLevel = ""
	NoMetadata      MetadataLevel = "application/json;odata=nometadata"
	MinimalMetadata MetadataLevel = "application/json;odata=minimalmetadata"
	FullMetadata    MetadataLevel = "application/json;odata=fullmetadata"
)

type TableOptions struct{ RequestID string }

type Table struct {
	Name string
}

func (t *Table) Create(timeout uint, ml MetadataLevel, options *TableOptions) error { return nil }

type QueryOptions struct {
	Top       uint
	Filter    string
	Select    []string
	RequestID string
}

type QueryNextLink struct {
	NextLink *string
}

type EntityQueryResult struct {
	OdataMetadata string
	Entities      []*Entity
	QueryNextLink
}

func (t *Table) QueryEntities(timeout uint, ml MetadataLevel, options *QueryOptions) (*EntityQueryResult, error) {
	return nil, nil
}

func (eqr *EntityQueryResult) NextResults(options *TableOptions) (*EntityQueryResult, error) {
	return nil, nil
}

type Entity struct {
	Table         *Table
	PartitionKey  string
	RowKey        string
	TimeStamp     time.Time
	OdataMetadata string
	OdataType     string
	OdataID       string
	OdataEtag     string
	OdataEditLink string
	Properties    map[string]interface{}
}

// MarshalJSON and UnmarshalJSON are the SDK's own encoding of an entity:
// PartitionKey, RowKey and Properties flattened into the payload, with
// time.Time annotated as Edm.DateTime, int64 as Edm.Int64, []byte as Edm.Binary.
func (e *Entity) MarshalJSON() ([]byte, error)    { return nil, nil }
func (e *Entity) UnmarshalJSON(data []byte) error { return nil }

func (t *Table) GetEntityReference(partitionKey, rowKey string) *Entity {
	return &Entity{PartitionKey: partitionKey, RowKey: rowKey, Table: t}
}

type EntityOptions struct {
	Timeout   uint
	RequestID string
}
type GetEntityOptions struct {
	Select    []string
	RequestID string
}

func (e *Entity) Get(timeout uint, ml MetadataLevel, options *GetEntityOptions) error { return nil }
func (e *Entity) Insert(ml MetadataLevel, options *EntityOptions) error               { return nil }
func (e *Entity) Update(force bool, options *EntityOptions) error                     { return nil }
func (e *Entity) Merge(force bool, options *EntityOptions) error                      { return nil }
func (e *Entity) Delete(force bool, options *EntityOptions) error                     { return nil }
func (e *Entity) InsertOrReplace(options *EntityOptions) error                        { return nil }
func (e *Entity) InsertOrMerge(options *EntityOptions) error                          { return nil }

type TableBatch struct {
	Table *Table
}

func (t *Table) NewBatch() *TableBatch                             { return &TableBatch{Table: t} }
func (t *TableBatch) InsertEntity(entity *Entity)                  {}
func (t *TableBatch) InsertOrReplaceEntity(entity *Entity, f bool) {}
func (t *TableBatch) InsertOrReplaceEntityByForce(entity *Entity)  {}
func (t *TableBatch) InsertOrMergeEntity(entity *Entity, f bool)   {}
func (t *TableBatch) InsertOrMergeEntityByForce(entity *Entity)    {}
func (t *TableBatch) ReplaceEntity(entity *Entity)                 {}
func (t *TableBatch) DeleteEntity(entity *Entity, force bool)      {}
func (t *TableBatch) DeleteEntityByForce(entity *Entity, f bool)   {}
func (t *TableBatch) MergeEntity(entity *Entity)                   {}
func (t *TableBatch) ExecuteBatch() error                          { return nil }

type QueryTablesOptions struct {
	Top    uint
	Filter string
}
type TableQueryResult struct{ Tables []Table }

func (t *TableServiceClient) QueryTables(ml MetadataLevel, options *QueryTablesOptions) (*TableQueryResult, error) {
	return nil, nil
}
