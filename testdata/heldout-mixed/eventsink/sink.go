// Package eventsink writes cluster events to a table whose name can roll
// with the date: the event is turned into a generic map and flattened,
// because a property cannot hold a nested object.
package eventsink

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Event is the part of a cluster event the sink reads.
type Event struct {
	Namespace string            `json:"namespace"`
	UID       string            `json:"uid"`
	Reason    string            `json:"reason"`
	Message   string            `json:"message"`
	Labels    map[string]string `json:"labels"`
	Involved  struct {
		Kind string `json:"kind"`
		Name string `json:"name"`
	} `json:"involved"`
}

// Settings configure the sink.
type Settings struct {
	Conn        string
	Table       string
	TableLayout string
}

// Sink sends events to Table storage.
type Sink struct {
	svc     *aztables.ServiceClient
	cfg     Settings
	current string
}

// New opens a sink.
func New(cfg Settings) (*Sink, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(cfg.Conn, nil)
	if err != nil {
		return nil, err
	}
	return &Sink{svc: svc, cfg: cfg}, nil
}

func (s *Sink) tableName() string {
	if s.cfg.TableLayout != "" {
		return time.Now().UTC().Format(s.cfg.TableLayout)
	}
	return s.cfg.Table
}

func (s *Sink) ensure(ctx context.Context, name string) error {
	if name == s.current {
		return nil
	}
	if _, err := s.svc.CreateTable(ctx, name, nil); err != nil {
		var re *azcore.ResponseError
		if !errors.As(err, &re) || re.StatusCode != 409 {
			return err
		}
	}
	s.current = name
	return nil
}

// Send stores one event, flattened.
func (s *Sink) Send(ctx context.Context, ev Event) error {
	name := s.tableName()
	if err := s.ensure(ctx, name); err != nil {
		return err
	}
	raw, _ := json.Marshal(ev)
	var tree map[string]any
	if err := json.Unmarshal(raw, &tree); err != nil {
		return err
	}
	row := aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: ev.Namespace, RowKey: ev.UID}, // S
		Properties: flatten(tree),                                               // S
	}
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = s.svc.NewClient(name).AddEntity(ctx, b, nil)
	return err
}

type frame struct {
	prefix string
	val    any
}

var keyCleaner = strings.NewReplacer("/", "_", "\\", "_", "#", "_", "?", "_", "\t", "_", "\n", "_", "\r", "_", "-", "_", ".", "_")

// flatten turns nested maps and lists into prefix_key properties.
func flatten(in map[string]any) map[string]any {
	out := map[string]any{}
	stack := []frame{{"", in}}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch v := top.val.(type) {
		case map[string]any:
			for k, child := range v {
				stack = append(stack, frame{strings.TrimLeft(top.prefix+"_"+k, "_"), child})
			}
		case []any:
			for i, child := range v {
				stack = append(stack, frame{strings.TrimLeft(top.prefix+"_"+strconv.Itoa(i), "_"), child})
			}
		default:
			k := keyCleaner.Replace(top.prefix)
			if k == "" {
				continue
			}
			if k[0] >= '0' && k[0] <= '9' {
				k = "_" + k
			}
			out[k] = v
		}
	}
	return out
}

// SendBrief stores a short form of the event without flattening (added:
// the labels go in as they are).
func (s *Sink) SendBrief(ctx context.Context, ev Event) error {
	row := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: ev.Namespace, RowKey: ev.UID},
		Properties: map[string]any{
			"Reason": ev.Reason,
			"Kind":   ev.Involved.Kind,
			"Labels": ev.Labels, // L: TL126
		},
	}
	b, _ := json.Marshal(row)
	_, err := s.svc.NewClient(s.cfg.Table).AddEntity(ctx, b, nil)
	return err
}

// SendHourly stores the event under the hour it arrived in one fixed
// table (added: the rolling table name turned into a rolling partition).
func (s *Sink) SendHourly(ctx context.Context, ev Event) error {
	row := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: time.Now().UTC().Format("2006010215"), RowKey: ev.Namespace + "_" + ev.UID}, // L: TL209
		Properties: map[string]any{
			"Reason":  ev.Reason,
			"Message": ev.Message,
		},
	}
	b, _ := json.Marshal(row)
	_, err := s.svc.NewClient(s.cfg.Table).AddEntity(ctx, b, nil)
	return err
}

type tally struct {
	aztables.Entity
	Count int64  `json:"Count"`
	Last  string `json:"Last"`
}

// Tally counts events per reason in one row per namespace and reason
// (added: a summary table next to the events).
func (s *Sink) Tally(ctx context.Context, ev Event) error {
	tc := s.svc.NewClient("eventtally")
	t := tally{Entity: aztables.Entity{PartitionKey: ev.Namespace, RowKey: ev.Reason}}
	if got, err := tc.GetEntity(ctx, ev.Namespace, ev.Reason, nil); err == nil {
		if err := json.Unmarshal(got.Value, &t); err != nil {
			return err
		}
	}
	t.Count++
	t.Last = time.Now().UTC().Format(time.RFC3339)
	b, _ := json.Marshal(t)
	_, err := tc.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // L: TL414
	return err
}
