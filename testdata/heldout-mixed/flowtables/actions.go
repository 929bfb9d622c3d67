// Package flowtables is the table step of a workflow engine: keys are
// checked before any call, a transaction is checked (one partition, no
// repeated row, at most a hundred changes) before it is sent, and list
// steps walk pages with a bound and stop only when the pager says so.
package flowtables

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// MaxChanges is the service's limit on a transaction.
const MaxChanges = 100

const maxPages = 50

// Inputs are the step's configured values, as the flow author typed them.
type Inputs map[string]string

var kinds = map[string]aztables.TransactionType{
	"insert":         aztables.TransactionTypeAdd,
	"merge":          aztables.TransactionTypeUpdateMerge,
	"replace":        aztables.TransactionTypeUpdateReplace,
	"upsert_merge":   aztables.TransactionTypeInsertMerge,
	"upsert_replace": aztables.TransactionTypeInsertReplace,
	"delete":         aztables.TransactionTypeDelete,
}

// checkKey refuses the characters a key can never hold.
func checkKey(name, v string) error {
	if v == "" {
		return fmt.Errorf("%s is empty", name)
	}
	if strings.ContainsAny(v, "/\\#?") {
		return fmt.Errorf("%s contains / \\ # or ?", name)
	}
	for _, r := range v {
		if r < 0x20 || (r >= 0x7f && r <= 0x9f) {
			return fmt.Errorf("%s contains a control character", name)
		}
	}
	return nil
}

func literal(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// Step runs table actions.
type Step struct {
	svc *aztables.ServiceClient
}

// GetRow reads one row by keys the author typed.
func (s *Step) GetRow(ctx context.Context, in Inputs) (map[string]any, error) {
	pk, rk := in["partition_key"], in["row_key"]
	if err := checkKey("partition_key", pk); err != nil {
		return nil, err
	}
	if err := checkKey("row_key", rk); err != nil {
		return nil, err
	}
	resp, err := s.svc.NewClient(in["table"]).GetEntity(ctx, pk, rk, nil) // S
	if err != nil {
		return nil, err
	}
	var row map[string]any
	err = json.Unmarshal(resp.Value, &row)
	return row, err
}

// UpdateRow merges or replaces a row, conditional on the ETag the author
// passes from an earlier Get Row step.
func (s *Step) UpdateRow(ctx context.Context, in Inputs, row map[string]any) error {
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	mode := aztables.UpdateModeMerge
	if in["mode"] == "replace" {
		mode = aztables.UpdateModeReplace
	}
	opts := &aztables.UpdateEntityOptions{UpdateMode: mode}
	if tag := in["etag"]; tag != "" {
		t := azcore.ETag(tag)
		opts.IfMatch = &t
	}
	_, err = s.svc.NewClient(in["table"]).UpdateEntity(ctx, body, opts) // S
	return err
}

// Change is one entry of a transaction step.
type Change struct {
	Action string         `json:"action"`
	Row    map[string]any `json:"row"`
	ETag   string         `json:"etag"`
}

// Transaction checks and sends the changes.
func (s *Step) Transaction(ctx context.Context, table string, changes []Change) error {
	if len(changes) == 0 || len(changes) > MaxChanges {
		return fmt.Errorf("a transaction takes 1 to %d changes, not %d", MaxChanges, len(changes))
	}
	var acts []aztables.TransactionAction
	partition := ""
	seen := map[string]bool{}
	for i, c := range changes {
		kind, ok := kinds[c.Action]
		if !ok {
			return fmt.Errorf("change %d: unknown action %q", i, c.Action)
		}
		pk, _ := c.Row["PartitionKey"].(string)
		rk, _ := c.Row["RowKey"].(string)
		if i == 0 {
			partition = pk
		} else if pk != partition {
			return fmt.Errorf("change %d is in partition %q, not %q", i, pk, partition)
		}
		if seen[rk] {
			return fmt.Errorf("change %d repeats RowKey %q", i, rk)
		}
		seen[rk] = true
		b, err := json.Marshal(c.Row)
		if err != nil {
			return err
		}
		a := aztables.TransactionAction{ActionType: kind, Entity: b}
		if c.ETag != "" {
			t := azcore.ETag(c.ETag)
			a.IfMatch = &t
		}
		acts = append(acts, a)
	}
	_, err := s.svc.NewClient(table).SubmitTransaction(ctx, acts, nil)
	return err
}

// ListRows runs a list step: a partition and an optional property test,
// every value quoted; all pages up to a bound when returnAll is set.
func (s *Step) ListRows(ctx context.Context, in Inputs, returnAll bool) ([]json.RawMessage, bool, error) {
	var parts []string
	if pk := in["partition_key"]; pk != "" {
		parts = append(parts, "PartitionKey eq "+literal(pk)) // S
	}
	if prop, val := in["property"], in["equals"]; prop != "" {
		parts = append(parts, prop+" eq "+literal(val)) // S
	}
	opts := &aztables.ListEntitiesOptions{}
	if len(parts) > 0 {
		f := strings.Join(parts, " and ")
		opts.Filter = &f
	}
	pager := s.svc.NewClient(in["table"]).NewListEntitiesPager(opts)
	var out []json.RawMessage
	for pages := 0; pager.More(); pages++ {
		if pages == maxPages {
			return out, true, nil
		}
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, false, err
		}
		for _, e := range page.Entities {
			out = append(out, e)
		}
		if !returnAll {
			break
		}
	}
	return out, false, nil
}

// FindByEmail looks a contact up by a non-key property typed in a form
// field (added: a step a flow author wrote without the quoting helper).
func (s *Step) FindByEmail(ctx context.Context, in Inputs) (int, error) {
	f := fmt.Sprintf("PartitionKey eq 'contacts' and Email eq '%s'", in["email"])                         // L: TL321
	pager := s.svc.NewClient(in["table"]).NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL303
	n := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// ErrStop ends a flow early.
var ErrStop = errors.New("stop")
