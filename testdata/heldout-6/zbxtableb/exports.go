// Package zbxtableb is a monitoring exporter's table target: item values
// and hourly trends a monitoring server exports are written to two tables,
// one row per value, keyed by the item and the time.
package zbxtableb

import "encoding/json"

// HostRef names the host an item belongs to.
type HostRef struct {
	Tech    string `json:"host"`
	Visible string `json:"name"`
}

// Label is a tag of an item.
type Label struct {
	Tag   string `json:"tag"`
	Value string `json:"value"`
}

// Sample is one collected item value, as the server exports it.
type Sample struct {
	Host     *HostRef `json:"host,omitempty"` // S
	ItemID   int64    `json:"itemid"`         // S
	Name     string
	Clock    int64    `json:"clock"`
	Groups   []string // L: TL126
	Ns       int64
	Value    json.Token `json:"value"`
	Labels   []Label    `json:"item_tags"` // L: TL126
	Kind     int32
	LogTime  int64  `json:"timestamp,omitempty"` // L: TL115
	Source   string `json:"source,omitempty"`
	Severity int32  `json:"severity,omitempty"`
}

// Hourly is the statistics of one item for one hour.
type Hourly struct {
	Host   *HostRef `json:"host,omitempty"`
	ItemID int64    `json:"itemid"`
	Name   string
	Clock  int64
	Count  int64
	Groups []string // L: TL126
	Min    float64
	Max    float64
	Avg    float64
	Labels []Label `json:"item_tags"` // L: TL126
	Kind   int32
}
