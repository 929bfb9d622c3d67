// Package limits holds the Azure Table service's limits, each once, with
// the text it comes from. Design review, explain, the Go analyzers and the
// reference engine all read them here, so they always agree on where a
// limit lies and how it is measured.
//
// Quotes are from Microsoft's Table service documentation: "Understanding
// the Table service data model" (the data model reference) and "Azure
// Table storage table design guide" (the design guide). Values that only
// other Microsoft pages give are marked as such.
//
// Sizes are bytes. Where the documentation says "characters" for a string,
// tablelint counts UTF-16 code units, as the service (a .NET service that
// stores strings as UTF-16) does; see UTF16Len.
//
// The package imports only the standard library, so every part of
// tablelint, including the golangci-lint plugin, can import it.
package limits

import "time"

// Properties.
const (
	// MaxProperties is the most properties an entity holds, its three
	// system properties included: "An entity can have up to 255
	// properties, including 3 system properties" (data model reference).
	MaxProperties = 255

	// SystemProperties counts PartitionKey, RowKey and Timestamp: "An
	// entity always has the following system properties: PartitionKey
	// property, RowKey property, Timestamp property." (data model
	// reference).
	SystemProperties = 3

	// MaxCustomProperties is the most properties an entity holds besides
	// its system properties: "the user may include up to 252 custom
	// properties, in addition to the 3 system properties" (data model
	// reference).
	MaxCustomProperties = MaxProperties - SystemProperties

	// MaxPropertyNameChars is the longest property name, in UTF-16 code
	// units: "Property names are case-sensitive strings up to 255
	// characters in size." (data model reference).
	MaxPropertyNameChars = 255
)

// Values.
const (
	// MaxStringBytes is the largest String value, in bytes of UTF-16: "A
	// UTF-16-encoded value. String values may be up to 64 KiB in size.
	// Note that the maximum number of characters supported is about 32 K
	// or less." (data model reference).
	MaxStringBytes = 64 << 10

	// MaxStringChars is MaxStringBytes in UTF-16 code units (32,768).
	MaxStringChars = MaxStringBytes / 2

	// MaxBinaryBytes is the largest Binary value: "An array of bytes up to
	// 64 KiB in size." (data model reference).
	MaxBinaryBytes = 64 << 10
)

// Keys.
const (
	// MaxKeyBytes is the largest PartitionKey or RowKey, in bytes of
	// UTF-16: "The partition key may be a string value up to 1 KiB in
	// size." and "The row key is a string value that may be up to 1 KiB in
	// size." (data model reference). Keys are Strings, whose size the same
	// reference counts in UTF-16 ("String values may be up to 64 KiB in
	// size ... about 32 K" characters), so 1 KiB is 512 characters; the
	// Azurite emulator agrees (a 512-character key is stored, a
	// 513-character key is rejected).
	MaxKeyBytes = 1 << 10

	// MaxKeyChars is MaxKeyBytes in UTF-16 code units (512).
	MaxKeyChars = MaxKeyBytes / 2
)

// Entities.
const (
	// MaxEntityBytes is the largest entity by EntitySize: "The combined
	// size of all data in an entity's properties cannot exceed 1 MiB."
	// (data model reference; the design guide says "Up to 1 MB").
	MaxEntityBytes = 1 << 20

	// MaxCosmosEntityBytes is the largest entity on the Azure Cosmos DB
	// Table API. Only Cosmos DB's own service-quotas page gives it
	// ("Maximum size of an item: 2 MB"); the Table documentation does not.
	MaxCosmosEntityBytes = 2 << 20

	// SizeWarnPercent is the share of MaxEntityBytes from which design
	// review warns that an entity type is close to the limit.
	SizeWarnPercent = 80
)

// Entity group transactions.
const (
	// MaxBatchActions is the most actions in one transaction: "A single
	// EGT can operate on at most 100 entities." (design guide).
	MaxBatchActions = 100

	// MaxBatchBytes bounds a transaction's payload, exclusive: "the
	// payload must be less than 4 MB in size" (design guide). Like the
	// entity limit ("1 MB" in the design guide, "1 MiB" in the data model
	// reference), MB is read as MiB; the Table service's scalability
	// targets page states 4 MiB. The payload is the request body: measure
	// it with WirePayload and WireActionBytes (wire.go).
	MaxBatchBytes = 4 << 20
)

// Queries.
const (
	// MaxPageEntities is the most entities one query response returns,
	// and so the largest $top the service accepts: "A query against Table
	// storage can return a maximum of 1,000 entities at one time, and run
	// for a maximum of five seconds." (design guide).
	MaxPageEntities = 1000

	// MaxRequestTime is how long one query request runs before the
	// service returns what it has with a continuation token (same quote
	// as MaxPageEntities; "The query didn't complete within five
	// seconds." is one of the reasons for a continuation token).
	MaxRequestTime = 5 * time.Second

	// MaxFilterComparisons is the most comparisons one $filter may hold.
	// Only the Query Entities REST reference gives it: "Note that no more
	// than 15 discrete comparisons are permitted within a $filter
	// string."
	MaxFilterComparisons = 15
)

// Throughput targets. The Table documentation gives none ("there are
// specific scalability targets at the level of a partition that might
// limit the throughput of transactions you can expect for a single node",
// design guide); these are from the "Scalability and performance targets
// for Table storage" page, and users can override them.
const (
	// PartitionEntitiesPerSecond is the published target of one
	// partition: "Target throughput for a single table partition (1 KiB
	// entities): Up to 2,000 entities per second".
	PartitionEntitiesPerSecond = 2000

	// AccountRequestsPerSecond is the published target of an account:
	// "Maximum request rate per storage account: 20,000 transactions per
	// second, which assumes a 1-KiB entity size".
	AccountRequestsPerSecond = 20000
)

// Tables.
const (
	// TableReuseDelay is how long after a delete the service refuses to
	// create a table of the same name (409 TableBeingDeleted). The design
	// guide says only "Expect a delay if you want to reuse the same table
	// name after deleting it. It's better to always use unique table
	// names."; the value is from the Delete Table REST reference, which
	// notes that deleting a table "is likely to take at least 40 seconds
	// to complete". The service may take longer; tablelint models the
	// least delay, so it never reports a re-create that could succeed.
	TableReuseDelay = 40 * time.Second
)

// InvalidKeyRune reports whether r may not appear in a PartitionKey or
// RowKey: "The following characters are not allowed in values for the
// PartitionKey and RowKey properties: The forward slash (/) character, The
// backslash (\) character, The number sign (#) character, The question
// mark (?) character, Control characters from U+0000 to U+001F ...
// Control characters from U+007F to U+009F" (data model reference).
func InvalidKeyRune(r rune) bool {
	switch {
	case r == '/' || r == '\\' || r == '#' || r == '?':
		return true
	case r <= 0x1f, r >= 0x7f && r <= 0x9f:
		return true
	}
	return false
}

// Live replay (tablelint replay --target): bounds of tablelint's own, so
// that a flag or a dead endpoint cannot exhaust memory or hang a run.
const (
	// LiveMaxConcurrency bounds --concurrency: operations in flight at
	// once, one goroutine and queue each. 256 is beyond what one client
	// machine keeps busy against one account.
	LiveMaxConcurrency = 256

	// LiveMinRate bounds --rate from below (one operation in 1000 s): a
	// smaller rate overflows the pacing interval.
	LiveMinRate = 0.001

	// LiveRequestTimeout is the default --timeout: how long one
	// operation (all its requests and retries) may wait for the service.
	LiveRequestTimeout = 30 * time.Second

	// LiveMaxTimeout bounds --timeout.
	LiveMaxTimeout = 10 * time.Minute

	// LiveMaxNoAnswer is how many operations in a row may get no answer
	// (a transport error or a timeout) before the run stops, naming the
	// cause.
	LiveMaxNoAnswer = 5

	// LiveCleanupTimeout bounds the deletion of the scratch tables at the
	// end of a run (or after an interruption).
	LiveCleanupTimeout = 30 * time.Second
)
