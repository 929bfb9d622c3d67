// Package aztables is a test stub of the aztables v1.x API: the same
// names and signatures, no behaviour.
package aztables

import (
	"context"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
)

type ClientOptions struct {
	azcore.ClientOptions
}
type SharedKeyCredential struct{}

func NewSharedKeyCredential(accountName, accountKey string) (*SharedKeyCredential, error) {
	return &SharedKeyCredential{}, nil
}

type Client struct{ name string }

func NewClient(serviceURL string, cred azcore.TokenCredential, options *ClientOptions) (*Client, error) {
	return &Client{}, nil
}
func NewClientWithNoCredential(serviceURL string, options *ClientOptions) (*Client, error) {
	return &Client{}, nil
}
func NewClientWithSharedKey(serviceURL string, cred *SharedKeyCredential, options *ClientOptions) (*Client, error) {
	return &Client{}, nil
}

type ServiceClient struct{}

func NewServiceClient(serviceURL string, cred azcore.TokenCredential, options *ClientOptions) (*ServiceClient, error) {
	return &ServiceClient{}, nil
}
func NewServiceClientWithNoCredential(serviceURL string, options *ClientOptions) (*ServiceClient, error) {
	return &ServiceClient{}, nil
}
func NewServiceClientWithSharedKey(serviceURL string, cred *SharedKeyCredential, options *ClientOptions) (*ServiceClient, error) {
	return &ServiceClient{}, nil
}
func NewServiceClientFromConnectionString(connectionString string, options *ClientOptions) (*ServiceClient, error) {
	return &ServiceClient{}, nil
}
func NewClientFromConnectionString(connectionString string, options *ClientOptions) (*Client, error) {
	return &Client{}, nil
}

func (t *ServiceClient) NewClient(tableName string) *Client { return &Client{name: tableName} }
func (t *ServiceClient) CreateTable(ctx context.Context, name string, options *CreateTableOptions) (CreateTableResponse, error) {
	return CreateTableResponse{}, nil
}
func (t *ServiceClient) DeleteTable(ctx context.Context, name string, options *DeleteTableOptions) (DeleteTableResponse, error) {
	return DeleteTableResponse{}, nil
}
func (t *ServiceClient) NewListTablesPager(listOptions *ListTablesOptions) *runtime.Pager[ListTablesResponse] {
	return nil
}

func (t *Client) CreateTable(ctx context.Context, options *CreateTableOptions) (CreateTableResponse, error) {
	return CreateTableResponse{}, nil
}
func (t *Client) Delete(ctx context.Context, options *DeleteTableOptions) (DeleteTableResponse, error) {
	return DeleteTableResponse{}, nil
}
func (t *Client) NewListEntitiesPager(listOptions *ListEntitiesOptions) *runtime.Pager[ListEntitiesResponse] {
	return nil
}
func (t *Client) GetEntity(ctx context.Context, partitionKey string, rowKey string, options *GetEntityOptions) (GetEntityResponse, error) {
	return GetEntityResponse{}, nil
}
func (t *Client) AddEntity(ctx context.Context, entity []byte, options *AddEntityOptions) (AddEntityResponse, error) {
	return AddEntityResponse{}, nil
}
func (t *Client) DeleteEntity(ctx context.Context, partitionKey string, rowKey string, options *DeleteEntityOptions) (DeleteEntityResponse, error) {
	return DeleteEntityResponse{}, nil
}
func (t *Client) UpdateEntity(ctx context.Context, entity []byte, options *UpdateEntityOptions) (UpdateEntityResponse, error) {
	return UpdateEntityResponse{}, nil
}
func (t *Client) UpsertEntity(ctx context.Context, entity []byte, options *UpsertEntityOptions) (UpsertEntityResponse, error) {
	return UpsertEntityResponse{}, nil
}
func (t *Client) SubmitTransaction(ctx context.Context, transactionActions []TransactionAction, tableSubmitTransactionOptions *SubmitTransactionOptions) (TransactionResponse, error) {
	return TransactionResponse{}, nil
}

type MetadataFormat string

type ListEntitiesOptions struct {
	Filter           *string
	Select           *string
	Top              *int32
	NextPartitionKey *string
	NextRowKey       *string
	Format           *MetadataFormat
}

type ListTablesOptions struct {
	Filter        *string
	Select        *string
	Top           *int32
	NextTableName *string
	Format        *MetadataFormat
}

type ListEntitiesResponse struct {
	NextPartitionKey *string
	NextRowKey       *string
	Entities         [][]byte
}

type ListTablesResponse struct {
	NextTableName *string
	Tables        []*TableProperties
}

type TableProperties struct{ Name *string }

type CreateTableOptions struct{}
type DeleteTableOptions struct{}
type GetEntityOptions struct{ Format *MetadataFormat }
type AddEntityOptions struct{ Format *MetadataFormat }
type DeleteEntityOptions struct{ IfMatch *azcore.ETag }
type UpdateMode string

const (
	UpdateModeReplace UpdateMode = "replace"
	UpdateModeMerge   UpdateMode = "merge"
)

type UpdateEntityOptions struct {
	IfMatch    *azcore.ETag
	UpdateMode UpdateMode
}
type UpsertEntityOptions struct {
	ETag       azcore.ETag
	UpdateMode UpdateMode
}
type SubmitTransactionOptions struct{}

type CreateTableResponse struct{}
type DeleteTableResponse struct{}
type GetEntityResponse struct {
	ETag  azcore.ETag
	Value []byte
}
type AddEntityResponse struct {
	ETag  azcore.ETag
	Value []byte
}
type DeleteEntityResponse struct{}
type UpdateEntityResponse struct{ ETag azcore.ETag }
type UpsertEntityResponse struct{ ETag azcore.ETag }
type TransactionResponse struct{}

type TransactionType string

const (
	TransactionTypeAdd           TransactionType = "add"
	TransactionTypeUpdateMerge   TransactionType = "updatemerge"
	TransactionTypeUpdateReplace TransactionType = "updatereplace"
	TransactionTypeDelete        TransactionType = "delete"
	TransactionTypeInsertMerge   TransactionType = "insertmerge"
	TransactionTypeInsertReplace TransactionType = "insertreplace"
)

type TransactionAction struct {
	ActionType TransactionType
	Entity     []byte
	IfMatch    *azcore.ETag
}

type Entity struct {
	PartitionKey string
	RowKey       string
	Timestamp    EDMDateTime
}

type EDMEntity struct {
	Entity
	Metadata   string `json:"odata.metadata"`
	ID         string `json:"odata.id"`
	EditLink   string `json:"odata.editLink"`
	Type       string `json:"odata.type"`
	ETag       string `json:"odata.etag"`
	Properties map[string]any
}

func (e EDMEntity) MarshalJSON() ([]byte, error)           { return nil, nil }
func (e *EDMEntity) UnmarshalJSON(data []byte) (err error) { return nil }

type EDMBinary []byte

func (e EDMBinary) MarshalText() ([]byte, error)     { return nil, nil }
func (e *EDMBinary) UnmarshalText(data []byte) error { return nil }

type EDMInt64 int64

func (e EDMInt64) MarshalText() ([]byte, error)     { return nil, nil }
func (e *EDMInt64) UnmarshalText(data []byte) error { return nil }

type EDMGUID string

func (e EDMGUID) MarshalText() ([]byte, error)     { return nil, nil }
func (e *EDMGUID) UnmarshalText(data []byte) error { return nil }

type EDMDateTime time.Time

func (e EDMDateTime) MarshalText() ([]byte, error)     { return nil, nil }
func (e *EDMDateTime) UnmarshalText(data []byte) error { return nil }

// SAS (sas_service.go, sas_account.go, client.go, service_client.go of v1.4.0).

type SASProtocol string

const (
	SASProtocolHTTPS        SASProtocol = "https"
	SASProtocolHTTPSandHTTP SASProtocol = "https,http"
)

type IPRange struct{}

type SASSignatureValues struct {
	Version           string
	Protocol          SASProtocol
	StartTime         time.Time
	ExpiryTime        time.Time
	Permissions       string
	IPRange           IPRange
	Identifier        string
	TableName         string
	StartPartitionKey string
	StartRowKey       string
	EndPartitionKey   string
	EndRowKey         string
}

func (v SASSignatureValues) Sign(credential *SharedKeyCredential) (string, error) { return "", nil }

type SASPermissions struct {
	Read              bool
	Add               bool
	Update            bool
	Delete            bool
	StartPartitionKey string
	StartRowKey       string
	EndPartitionKey   string
	EndRowKey         string
}

func (p SASPermissions) String() string        { return "" }
func (p *SASPermissions) Parse(s string) error { return nil }

type AccountSASSignatureValues struct {
	Version       string      `param:"sv"`
	Protocol      SASProtocol `param:"spr"`
	StartTime     time.Time   `param:"st"`
	ExpiryTime    time.Time   `param:"se"`
	Permissions   string      `param:"sp"`
	IPRange       IPRange     `param:"sip"`
	Services      string      `param:"ss"`
	ResourceTypes string      `param:"srt"`
}

type SASQueryParameters struct{}

func (p *SASQueryParameters) Encode() string { return "" }

func (v AccountSASSignatureValues) Sign(sharedKeyCredential *SharedKeyCredential) (SASQueryParameters, error) {
	return SASQueryParameters{}, nil
}

type AccountSASPermissions struct {
	Read    bool
	Write   bool
	Delete  bool
	List    bool
	Add     bool
	Create  bool
	Update  bool
	Process bool
}

func (p AccountSASPermissions) String() string { return "" }

type AccountSASResourceTypes struct {
	Service   bool
	Container bool
	Object    bool
}

func (rt AccountSASResourceTypes) String() string { return "" }

func (t Client) GetTableSASURL(permissions SASPermissions, start time.Time, expiry time.Time) (string, error) {
	return "", nil
}

func (t ServiceClient) GetAccountSASURL(resources AccountSASResourceTypes, permissions AccountSASPermissions, start time.Time, expiry time.Time) (string, error) {
	return "", nil
}
