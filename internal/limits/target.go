package limits

import (
	"strings"
	"unicode/utf16"
)

// The limits that differ between the two services tablelint checks
// against: Azure Table storage and Azure Cosmos DB for Table (the Cosmos
// DB Table API). Each Cosmos DB value quotes Microsoft's "Frequently
// asked questions about Azure Cosmos DB for Table"
// (https://learn.microsoft.com/azure/cosmos-db/table/faq, section "Where
// is API for Table not identical with Azure Table storage behavior?"),
// called the Cosmos FAQ below.

// Target names a service: "storage" (Azure Table storage, the default) or
// "cosmos" (Azure Cosmos DB for Table). Design files, .tablelint.yaml
// and the analyzers' -target flag spell them so.
type Target string

// The targets.
const (
	Storage Target = "storage"
	Cosmos  Target = "cosmos"
)

// ParseTarget returns the target named s; ok is false for any other
// name. The empty string is Storage.
func ParseTarget(s string) (t Target, ok bool) {
	switch Target(s) {
	case Storage, "":
		return Storage, true
	case Cosmos:
		return Cosmos, true
	}
	return Storage, false
}

// Cosmos DB for Table's own limits.
const (
	// MaxCosmosRowKeyBytes is the longest RowKey on Cosmos DB: "Row keys
	// can only be up to 255 bytes." (Cosmos FAQ). The FAQ does not name
	// the encoding; Cosmos DB stores entities as JSON, so tablelint counts
	// UTF-8 bytes (see RowKeyBytes). A key of n UTF-16 code units takes
	// at least n UTF-8 bytes, so a key longer than 255 code units is over
	// in any encoding.
	MaxCosmosRowKeyBytes = 255

	// MaxCosmosBatchBytes bounds a transaction's payload on Cosmos DB:
	// "Batches can only have up to 2 MBs." (Cosmos FAQ). MB is read as
	// MiB, as for MaxBatchBytes and MaxCosmosEntityBytes.
	MaxCosmosBatchBytes = 2 << 20
)

// CosmosReservedPropertyNames are the property names Cosmos DB for Table
// does not accept: "Azure Cosmos DB reserves the entity property names
// ID, rid, etag, and ResourceId and they're currently not supported."
// (Cosmos FAQ). The FAQ writes ID in capitals and the others in lower
// case; tablelint compares without case (see CosmosReservedPropertyName).
var CosmosReservedPropertyNames = []string{"ID", "rid", "etag", "ResourceId"}

// CosmosReservedPropertyName returns the reserved name (as the FAQ spells
// it) that name matches, ignoring case, and whether it does.
func CosmosReservedPropertyName(name string) (string, bool) {
	for _, r := range CosmosReservedPropertyNames {
		if strings.EqualFold(name, r) {
			return r, true
		}
	}
	return "", false
}

// CosmosBinaryFactor is how many bytes Cosmos DB's encoding of a Binary
// value takes per byte of data, in the entity size estimate. The Cosmos
// FAQ warns that "Some of Azure Cosmos DB's internal formats for encoding
// information, such as binary fields, are currently not as efficient as
// one might like. Therefore this can cause unexpected limitations on data
// size. For example, currently one couldn't use the full one Meg of a
// table entity to store binary data because the encoding increases the
// data's size." It gives no ratio, but its example bounds it: a Table
// storage entity's full 1 MiB of binary data does not fit Cosmos DB's
// 2 MB entity (MaxCosmosEntityBytes), so the encoding at least doubles
// it. tablelint counts that least factor, 2 (Base64 alone, 4 bytes for
// 3, would let 1 MiB fit).
const CosmosBinaryFactor = 2

// CosmosBinarySize returns the bytes a Binary value of n bytes takes on
// Cosmos DB, to be counted in the entity size instead of BinarySize.
func CosmosBinarySize[T Int](n T) T { return CosmosBinaryFactor*n + lengthPrefix }

// RowKeyBytes returns the bytes a RowKey takes against
// MaxCosmosRowKeyBytes: its UTF-8 length.
func RowKeyBytes(key string) int { return len(key) }

// Service is the set of limits of one target that differ between the
// targets. Everything else (property counts, names, value sizes,
// PartitionKey length) is the same on both and has its own constant.
type Service struct {
	Target Target
	// Name is how messages name the service.
	Name string
	// MaxEntityBytes is the largest entity by EntitySize; EntityLimit
	// says it in messages.
	MaxEntityBytes int64
	EntityLimit    string
	// MaxRowKeyBytes is the longest RowKey in bytes of UTF-8 when
	// RowKeyInBytes, else 0: the limit is then MaxKeyChars UTF-16 code
	// units, as for the PartitionKey.
	MaxRowKeyBytes int
	// MaxBatchBytes bounds a transaction's payload (exclusive for
	// storage, inclusive for Cosmos DB; see BatchOver); BatchLimit says
	// it in messages ("the 4 MiB payload limit", "Cosmos DB's 2 MB
	// payload limit").
	MaxBatchBytes int64
	BatchLimit    string
	// MaxTop is the largest $top accepted; 0 when there is none (Cosmos
	// DB: "TableQuery TakeCount isn't limited to 1000.", Cosmos FAQ).
	MaxTop int64
	// TableNamesFoldCase says that table names differing only in case
	// name the same table. Cosmos FAQ: "Table names in Azure Table
	// storage aren't case-sensitive, but they are in Azure Cosmos DB for
	// Table."
	TableNamesFoldCase bool
	// ReservedPropertyNames are property names the service rejects
	// besides the system properties.
	ReservedPropertyNames []string
	// Source is the document the values that differ come from.
	Source string
}

// StorageLimits and CosmosLimits are the two targets' limits.
var (
	StorageLimits = Service{
		Target: Storage, Name: "Azure Table storage",
		MaxEntityBytes: MaxEntityBytes, EntityLimit: SizeText(MaxEntityBytes),
		MaxBatchBytes: MaxBatchBytes, BatchLimit: SizeText(MaxBatchBytes),
		MaxTop:             MaxPageEntities,
		TableNamesFoldCase: true,
		Source:             "Understanding the Table service data model",
	}
	CosmosLimits = Service{
		Target: Cosmos, Name: "Azure Cosmos DB for Table",
		MaxEntityBytes: MaxCosmosEntityBytes, EntityLimit: "2 MB (Cosmos DB for Table)",
		MaxRowKeyBytes: MaxCosmosRowKeyBytes,
		MaxBatchBytes:  MaxCosmosBatchBytes, BatchLimit: "Cosmos DB's 2 MB",
		ReservedPropertyNames: CosmosReservedPropertyNames,
		Source:                "Frequently asked questions about Azure Cosmos DB for Table",
	}
)

// For returns the limits of target t (StorageLimits for any name but
// Cosmos).
func For(t Target) *Service {
	if t == Cosmos {
		return &CosmosLimits
	}
	return &StorageLimits
}

// BatchOver reports whether a transaction payload of n bytes (by
// WirePayload) is over the service's limit: storage's is exclusive ("less
// than 4 MB"), Cosmos DB's inclusive ("up to 2 MBs").
func (s *Service) BatchOver(n int64) bool {
	if s.Target == Cosmos {
		return n > s.MaxBatchBytes
	}
	return n >= s.MaxBatchBytes
}

// BinarySize returns the bytes a Binary value of n bytes takes on the
// service: BinarySize, or CosmosBinarySize on Cosmos DB.
func (s *Service) BinarySize(n int64) int64 {
	if s.Target == Cosmos {
		return CosmosBinarySize(n)
	}
	return BinarySize(n)
}

// RowKeyOver reports whether a RowKey is over the service's length limit,
// and its length in the unit of the limit (UTF-8 bytes on Cosmos DB,
// UTF-16 code units on storage).
func (s *Service) RowKeyOver(key string) (n int, over bool) {
	if s.MaxRowKeyBytes > 0 {
		n = RowKeyBytes(key)
		return n, n > s.MaxRowKeyBytes
	}
	n = utf16Len(key)
	return n, n > MaxKeyChars
}

// ReservedPropertyName returns the reserved name that name matches on the
// service (ignoring case), if any.
func (s *Service) ReservedPropertyName(name string) (string, bool) {
	if s.Target != Cosmos {
		return "", false
	}
	return CosmosReservedPropertyName(name)
}

// CosmosEndpointSuffix is the host suffix of a Cosmos DB for Table
// account's Table endpoint (https://ACCOUNT.table.cosmos.azure.com).
const CosmosEndpointSuffix = ".table.cosmos.azure.com"

// CosmosEndpoint reports whether s, a URL or a connection string, names a
// Cosmos DB for Table endpoint: a host ending in CosmosEndpointSuffix
// (case-insensitive, as host names are).
func CosmosEndpoint(s string) bool {
	l := strings.ToLower(s)
	for {
		i := strings.Index(l, CosmosEndpointSuffix)
		if i < 0 {
			return false
		}
		// The suffix ends the host: what follows is the end, a port,
		// a path, a query or a connection string's separator.
		rest := l[i+len(CosmosEndpointSuffix):]
		if i > 0 && (rest == "" || strings.ContainsRune(":/?;", rune(rest[0]))) && hostChar(l[i-1]) {
			return true
		}
		l = rest
	}
}

func hostChar(b byte) bool {
	return 'a' <= b && b <= 'z' || '0' <= b && b <= '9' || b == '-'
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += max(utf16.RuneLen(r), 1) // an invalid rune is U+FFFD, one unit
	}
	return n
}
