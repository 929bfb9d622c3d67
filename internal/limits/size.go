package limits

// The entity size estimate. The Table documentation bounds "the combined
// size of all data in an entity's properties" but gives no formula; the
// one below is the commonly cited accounting from the Azure team's blog
// post "How the size of an entity is calculated in Windows Azure table
// storage" (approximate, and external to the Table documentation):
//
//	EntitySize = 4 + 2 × (len(PartitionKey) + len(RowKey))
//	           + Σ over custom properties (8 + 2 × len(name) + value size)
//
// with lengths in UTF-16 code units, and a value taking: String 2 bytes a
// code unit + 4, Binary its bytes + 4, DateTime, Double and Int64 8,
// Int32 4, Guid 16, Boolean 1. Design review, the Go analyzers and the
// reference engine all compute sizes with these functions.

// Int is the integer types sizes are computed in.
type Int interface{ ~int | ~int64 }

// Sizes of the fixed-size value types in the estimate.
const (
	BooleanBytes  = 1
	Int32Bytes    = 4
	Int64Bytes    = 8
	DoubleBytes   = 8
	DateTimeBytes = 8  // "A 64-bit value expressed as Coordinated Universal Time (UTC)."
	GuidBytes     = 16 // "A 128-bit globally unique identifier."
)

// entityOverhead and propertyOverhead are the estimate's fixed costs of an
// entity and of each property.
const (
	entityOverhead   = 4
	propertyOverhead = 8
	lengthPrefix     = 4 // of a String or Binary value
)

// EntitySize returns the estimate for an entity whose keys have pkChars
// and rkChars UTF-16 code units and whose custom properties add up to
// props (the sum of PropertySize).
func EntitySize[T Int](pkChars, rkChars, props T) T {
	return entityOverhead + KeySize(pkChars) + KeySize(rkChars) + props
}

// KeySize returns the bytes a key of n UTF-16 code units takes, in the
// estimate and against MaxKeyBytes.
func KeySize[T Int](n T) T { return 2 * n }

// PropertySize returns the bytes a property takes whose name has
// nameChars UTF-16 code units and whose value takes value bytes.
func PropertySize[T Int](nameChars, value T) T {
	return propertyOverhead + 2*nameChars + value
}

// StringSize returns the bytes a String value of n UTF-16 code units takes.
func StringSize[T Int](n T) T { return 2*n + lengthPrefix }

// BinarySize returns the bytes a Binary value of n bytes takes.
func BinarySize[T Int](n T) T { return n + lengthPrefix }
