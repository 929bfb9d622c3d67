// Package taskviewc keeps the read model of a task planner: events arrive on
// a storage queue and are applied to three tables (tasks keyed by user and
// task id, users and user settings keyed by the user id twice). Event times
// are Unix nanoseconds, kept as decimal strings.
package taskviewc

// keys are the two key properties every row has.
type keys struct {
	PartitionKey string `json:"PartitionKey"`
	RowKey       string `json:"RowKey"`
}

// taskRow is a task as stored.
type taskRow struct {
	keys
	Title    string `json:"Title,omitempty"`
	Notes    string `json:"Notes,omitempty"`
	Category string `json:"Category,omitempty"`
	Order    int    `json:"Order"`
	Done     bool   `json:"Done"`
	LastSeen int64  `json:"LastSeen,string"` // S
	etag     string
}

// taskPatch is a merge of the fields an event changed.
type taskPatch struct {
	keys
	Title    *string `json:"Title,omitempty"`
	Notes    *string `json:"Notes,omitempty"`
	Category *string `json:"Category,omitempty"`
	Order    *int    `json:"Order,omitempty"`
	Done     *bool   `json:"Done,omitempty"`
	LastSeen *int64  `json:"LastSeen,omitempty,string"` // S
}

// userRow is a user.
type userRow struct {
	keys
	Name  string `json:"Name,omitempty"`
	Email string `json:"Email,omitempty"`
}

// prefsRow is a user's settings.
type prefsRow struct {
	keys
	PerCategory int   `json:"PerCategory"`
	ShowDone    bool  `json:"ShowDone"`
	LastSeen    int64 `json:"LastSeen,string"` // S
}

// prefsPatch is a merge of changed settings.
type prefsPatch struct {
	keys
	PerCategory *int   `json:"PerCategory,omitempty"`
	ShowDone    *bool  `json:"ShowDone,omitempty"`
	LastSeen    *int64 `json:"LastSeen,omitempty,string"` // S
}
