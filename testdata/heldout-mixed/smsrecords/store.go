// Package smsrecords keeps outgoing text messages for a dispatch service:
// a store interface, filters assembled from optional query fields, a
// transaction of every record of an import, and a status change through
// a page read.
package smsrecords

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Message is one text to send.
type Message struct {
	Seq       int64
	Campaign  string
	Source    string
	Phone     string
	Text      string
	State     string
	Vendor    string
	Extra     map[string]string
	CreatedAt time.Time
}

// Criteria narrows a read; empty fields are ignored.
type Criteria struct {
	Source   string
	Campaign string
	State    string
	Vendor   string
}

// Records is what the service layer calls.
type Records interface {
	BySource(ctx context.Context, source string, pageSize int) ([]Message, error)
	Stream(ctx context.Context, c Criteria, pageSize int, each func([]Message) error) error
	Import(ctx context.Context, msgs []Message) error
	SetState(ctx context.Context, seq int64, state string) error
}

type tableRecords struct {
	tc *aztables.Client
}

var _ Records = (*tableRecords)(nil)

// Open returns the table-backed store.
func Open(tc *aztables.Client) Records { return &tableRecords{tc: tc} }

func (s *tableRecords) toEntity(m Message) (aztables.EDMEntity, error) {
	extra := ""
	if m.Extra != nil {
		b, err := json.Marshal(m.Extra)
		if err != nil {
			return aztables.EDMEntity{}, err
		}
		extra = string(b)
	}
	return aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: m.CreatedAt.UTC().Format("20060102"), RowKey: fmt.Sprintf("%019d", m.Seq)}, // L: TL209
		Properties: map[string]any{
			"Seq":      m.Seq,
			"Campaign": m.Campaign,
			"Source":   m.Source,
			"Phone":    m.Phone,
			"Text":     m.Text,
			"State":    m.State,
			"Vendor":   m.Vendor,
			"Extra":    extra, // L: TL122
			"Created":  aztables.EDMDateTime(m.CreatedAt),
		},
	}, nil
}

func decode(raw []byte) (Message, aztables.EDMEntity, error) {
	var e aztables.EDMEntity
	if err := json.Unmarshal(raw, &e); err != nil {
		return Message{}, e, err
	}
	m := Message{}
	m.Campaign, _ = e.Properties["Campaign"].(string)
	m.Source, _ = e.Properties["Source"].(string)
	m.State, _ = e.Properties["State"].(string)
	return m, e, nil
}

func (s *tableRecords) BySource(ctx context.Context, source string, pageSize int) ([]Message, error) {
	f := fmt.Sprintf("Source eq '%s'", source) // L: TL321
	n := int32(pageSize)
	pager := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Top: &n}) // L: TL301
	var out []Message
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			if m, _, err := decode(raw); err == nil {
				out = append(out, m)
			}
		}
	}
	return out, nil
}

func (s *tableRecords) Stream(ctx context.Context, c Criteria, pageSize int, each func([]Message) error) error {
	var parts []string
	if c.Source != "" {
		parts = append(parts, fmt.Sprintf("Source eq '%s'", c.Source)) // L: TL321
	}
	if c.Campaign != "" {
		parts = append(parts, fmt.Sprintf("Campaign eq '%s'", c.Campaign)) // L: TL321
	}
	if c.State != "" {
		parts = append(parts, fmt.Sprintf("State eq '%s'", c.State)) // L: TL321
	}
	if c.Vendor != "" {
		parts = append(parts, "Vendor eq '"+strings.ReplaceAll(c.Vendor, "'", "''")+"'") // S
	}
	n := int32(pageSize)
	opts := &aztables.ListEntitiesOptions{Top: &n}
	if len(parts) > 0 {
		joined := strings.Join(parts, " and ")
		opts.Filter = &joined
	}
	pager := s.tc.NewListEntitiesPager(opts) // L: TL301
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		var batch []Message
		for _, raw := range page.Entities {
			if m, _, err := decode(raw); err == nil {
				batch = append(batch, m)
			}
		}
		if err := each(batch); err != nil {
			return err
		}
	}
	return nil
}

func (s *tableRecords) Import(ctx context.Context, msgs []Message) error {
	var acts []aztables.TransactionAction
	for _, m := range msgs {
		e, err := s.toEntity(m)
		if err != nil {
			return err
		}
		b, _ := json.Marshal(e)
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
	}
	_, err := s.tc.SubmitTransaction(ctx, acts, nil) // L: TL401
	return err
}

func (s *tableRecords) SetState(ctx context.Context, seq int64, state string) error {
	f := fmt.Sprintf("Seq eq %d", seq)                                            // S
	pager := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL301
	page, err := pager.NextPage(ctx)                                              // L: TL307
	if err != nil {
		return err
	}
	if len(page.Entities) == 0 {
		return fmt.Errorf("message %d not found", seq)
	}
	_, e, err := decode(page.Entities[0])
	if err != nil {
		return err
	}
	e.Properties["State"] = state
	e.Properties["Updated"] = aztables.EDMDateTime(time.Now())
	b, _ := json.Marshal(e)
	_, err = s.tc.UpsertEntity(ctx, b, nil) // L: TL414
	return err
}

// Enqueue stamps a batch of new messages and imports them (added: the
// caller, which sets CreatedAt to the time of the write).
func Enqueue(ctx context.Context, r Records, phones []string, text string) error {
	now := time.Now()
	msgs := make([]Message, 0, len(phones))
	for i, p := range phones {
		msgs = append(msgs, Message{Seq: now.UnixNano() + int64(i), Phone: p, Text: text, State: "pending", CreatedAt: now})
	}
	return r.Import(ctx, msgs)
}
