package taskviewc

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue"
)

// errStale is returned when an update lost a race (412).
var errStale = errors.New("row changed since it was read")

var taskColumns = "PartitionKey,RowKey,Title,Notes,Category,Order,Done,LastSeen"

// store holds the queue and the three table clients.
type store struct {
	events *azqueue.QueueClient
	tasks  *aztables.Client
	users  *aztables.Client
	prefs  *aztables.Client
}

// newStore builds the clients; the table clients retry transient failures
// three times.
func newStore(conn, queue, tasks, users, prefs string) (*store, error) {
	q, err := azqueue.NewQueueClientFromConnectionString(conn, queue, nil)
	if err != nil {
		return nil, err
	}
	opts := aztables.ClientOptions{}
	opts.Retry = policy.RetryOptions{
		MaxRetries:    3, // S
		TryTimeout:    3 * time.Minute,
		RetryDelay:    time.Second,
		MaxRetryDelay: 15 * time.Second,
		StatusCodes:   []int{408, 429, 500, 502, 503, 504}, // S
	}
	svc, err := aztables.NewServiceClientFromConnectionString(conn, &opts) // S
	if err != nil {
		return nil, err
	}
	return &store{events: q, tasks: svc.NewClient(tasks), users: svc.NewClient(users), prefs: svc.NewClient(prefs)}, nil
}

// nanos reads an event time stored as a number or as a string.
func nanos(raw json.RawMessage) int64 {
	var n int64
	if json.Unmarshal(raw, &n) == nil {
		return n
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
			return t.UnixNano()
		}
		if v, err := strconv.ParseInt(s, 10, 64); err == nil {
			return v
		}
	}
	return 0
}

// storedTask is the shape read back (LastSeen may be a number or a string).
type storedTask struct {
	PartitionKey string          `json:"PartitionKey"`
	RowKey       string          `json:"RowKey"`
	Title        string          `json:"Title"`
	Notes        string          `json:"Notes"`
	Category     string          `json:"Category"`
	Order        int             `json:"Order"`
	Done         bool            `json:"Done"`
	LastSeen     json.RawMessage `json:"LastSeen"`
}

func (s storedTask) row() taskRow {
	return taskRow{
		keys:     keys{PartitionKey: s.PartitionKey, RowKey: s.RowKey},
		Title:    s.Title,
		Notes:    s.Notes,
		Category: s.Category,
		Order:    s.Order,
		Done:     s.Done,
		LastSeen: nanos(s.LastSeen),
	}
}

func notFound(err error) bool {
	var re *azcore.ResponseError
	return errors.As(err, &re) && re.StatusCode == http.StatusNotFound
}

// getTask reads a task, nil when missing; the row remembers the read's ETag.
func (s *store) getTask(ctx context.Context, user, id string) (*taskRow, error) {
	resp, err := s.tasks.GetEntity(ctx, user, id, nil) // S
	if err != nil {
		if notFound(err) {
			return nil, nil
		}
		return nil, err
	}
	var st storedTask
	if err := json.Unmarshal(resp.Value, &st); err != nil {
		return nil, err
	}
	t := st.row()
	t.etag = string(resp.ETag)
	return &t, nil
}

// insertTask adds a task.
func (s *store) insertTask(ctx context.Context, t taskRow) error {
	b, err := json.Marshal(t)
	if err != nil {
		return err
	}
	_, err = s.tasks.AddEntity(ctx, b, nil) // S
	return err
}

// patchTask merges a change, under the given ETag, or unconditionally when
// none is known.
func (s *store) patchTask(ctx context.Context, p taskPatch, etag string) error {
	b, err := json.Marshal(p)
	if err != nil {
		return err
	}
	match := azcore.ETagAny
	if etag != "" {
		match = azcore.ETag(etag)
	}
	_, err = s.tasks.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &match, UpdateMode: aztables.UpdateModeMerge}) // S
	var re *azcore.ResponseError
	if errors.As(err, &re) && re.StatusCode == http.StatusPreconditionFailed {
		return errStale
	}
	return err
}

// taskPage reads one page of a user's tasks and hands back the continuation.
func (s *store) taskPage(ctx context.Context, user string, size int32, nextPK, nextRK *string) ([]taskRow, *string, *string, error) {
	if size <= 0 {
		size = 1
	}
	filter := "PartitionKey eq '" + user + "'" // L: TL321
	none := aztables.MetadataFormat("application/json;odata=nometadata")
	pager := s.tasks.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter, Select: &taskColumns, Top: &size, Format: &none, NextPartitionKey: nextPK, NextRowKey: nextRK}) // S
	if !pager.More() {
		return nil, nil, nil, nil
	}
	page, err := pager.NextPage(ctx) // S
	if err != nil {
		return nil, nil, nil, err
	}
	out := make([]taskRow, 0, len(page.Entities))
	for _, raw := range page.Entities {
		var st storedTask
		if err := json.Unmarshal(raw, &st); err != nil {
			return nil, nil, nil, err
		}
		out = append(out, st.row())
	}
	return out, page.NextPartitionKey, page.NextRowKey, nil
}

// upsertUser writes a user whole.
func (s *store) upsertUser(ctx context.Context, u userRow) error {
	b, err := json.Marshal(u)
	if err == nil {
		_, err = s.users.UpsertEntity(ctx, b, nil) // S
	}
	return err
}

// getPrefs reads a user's settings, nil when missing.
func (s *store) getPrefs(ctx context.Context, user string) (*prefsRow, error) {
	resp, err := s.prefs.GetEntity(ctx, user, user, nil) // S
	if err != nil {
		if notFound(err) {
			return nil, nil
		}
		return nil, err
	}
	var raw struct {
		keys
		PerCategory int             `json:"PerCategory"`
		ShowDone    bool            `json:"ShowDone"`
		LastSeen    json.RawMessage `json:"LastSeen"`
	}
	if err := json.Unmarshal(resp.Value, &raw); err != nil {
		return nil, err
	}
	return &prefsRow{keys: raw.keys, PerCategory: raw.PerCategory, ShowDone: raw.ShowDone, LastSeen: nanos(raw.LastSeen)}, nil
}

// upsertPrefs writes settings whole.
func (s *store) upsertPrefs(ctx context.Context, p prefsRow) error {
	b, err := json.Marshal(p)
	if err == nil {
		_, err = s.prefs.UpsertEntity(ctx, b, nil) // S
	}
	return err
}

// mergePrefs merges changed settings unconditionally.
func (s *store) mergePrefs(ctx context.Context, p prefsPatch) error {
	b, err := json.Marshal(p)
	if err == nil {
		any := azcore.ETagAny
		_, err = s.prefs.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &any, UpdateMode: aztables.UpdateModeMerge}) // S
	}
	return err
}
