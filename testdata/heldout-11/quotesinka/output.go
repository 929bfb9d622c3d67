package quotesinka

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Message is one message of a batch: a JSON object body and its metadata.
type Message struct {
	Body []byte
	Meta map[string]string
}

// Output writes batches of messages to one table.
type Output struct {
	cfg    Config
	client *aztables.Client
}

// NewOutput builds the output from a connection string.
func NewOutput(conn string, cfg Config) (*Output, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil)
	if err != nil {
		return nil, err
	}
	return &Output{cfg: cfg, client: svc.NewClient(cfg.Table)}, nil
}

var actionOf = map[WriteKind]aztables.TransactionType{
	KindInsert:        aztables.TransactionTypeAdd,
	KindInsertMerge:   aztables.TransactionTypeInsertMerge,
	KindInsertReplace: aztables.TransactionTypeInsertReplace,
	KindUpdateMerge:   aztables.TransactionTypeUpdateMerge,
	KindUpdateReplace: aztables.TransactionTypeUpdateReplace,
	KindDelete:        aztables.TransactionTypeDelete,
}

// row makes the entity of one message: its body's fields plus the keys.
func (o *Output) row(m Message) (string, []byte, error) {
	props := map[string]any{}
	if err := json.Unmarshal(m.Body, &props); err != nil {
		return "", nil, err
	}
	pk := escapeKey(fill(o.cfg.PartitionKey, m.Meta))
	props["PartitionKey"] = pk                              // S
	props["RowKey"] = escapeKey(fill(o.cfg.RowKey, m.Meta)) // S
	body, err := json.Marshal(props)
	return pk, body, err
}

// WriteBatch groups a batch by partition and sends each group as
// transactions of at most 100 actions; a batch of one message is a single
// write.
func (o *Output) WriteBatch(ctx context.Context, batch []Message) error {
	kind, ok := actionOf[o.cfg.Kind]
	if !ok {
		return fmt.Errorf("quotesink: write kind %q", o.cfg.Kind)
	}
	if len(batch) == 1 && kind == aztables.TransactionTypeInsertReplace {
		_, body, err := o.row(batch[0])
		if err != nil {
			return err
		}
		_, err = o.client.UpsertEntity(ctx, body, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // S
		return err
	}
	groups := map[string][]aztables.TransactionAction{}
	for _, m := range batch {
		pk, body, err := o.row(m)
		if err != nil {
			return err
		}
		groups[pk] = append(groups[pk], aztables.TransactionAction{ActionType: kind, Entity: body}) // S
	}
	for _, acts := range groups {
		for len(acts) > 0 {
			n := len(acts)
			if n > 100 {
				n = 100
			}
			if _, err := o.client.SubmitTransaction(ctx, acts[:n], nil); err != nil { // S
				return err
			}
			acts = acts[n:]
		}
	}
	return nil
}
