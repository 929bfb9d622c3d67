// Package promoted: entity structs whose names come from embedded
// structs too; encoding/json writes the promoted fields beside the own
// ones, so two names equal ignoring case can come from different
// embedded structs.
package promoted

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Reading is a device's report, as the device sends it.
type Reading struct {
	Device  string  `json:"device"`
	Taken   int64   `json:"timestamp"` // want `TL115: property names "timestamp" and "Timestamp" of readingRow differ only in case`
	Celsius float64 `json:"celsius"`
}

// readingRow stores a Reading under its keys: the row has the entity's
// Timestamp and the reading's timestamp.
type readingRow struct {
	aztables.Entity
	*Reading
}

// Audit is what a change records.
type Audit struct {
	By string
}

// changeRow repeats a name of Audit in its own fields.
type changeRow struct {
	aztables.Entity
	Audit
	by string // unexported: not written
	BY string // want `TL115: property names "BY" and "By" of changeRow differ only in case`
}

// Silent below.

// Measure has no name another field of the row repeats.
type Measure struct {
	Unit  string `json:"unit"`
	Taken time.Time
}

type measureRow struct {
	aztables.Entity
	Measure
	Amount float64
}

// Tagged embedded struct: written as one nested object, not promoted
// (a JSON object property is unstorable, but not a name clash).
type nestedRow struct {
	aztables.Entity
	Reading `json:"reading"`
}
