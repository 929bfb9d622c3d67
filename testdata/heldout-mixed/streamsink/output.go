// Package streamsink is a stream processor's table output: each message of
// a batch is turned into an entity whose table, keys and write kind come
// from per-message templates, grouped by table, partition and kind, and
// sent in transactions of at most a hundred.
package streamsink

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Message is one message of a batch, with its templates already applied.
type Message struct {
	Table     string
	Partition string
	Row       string
	Kind      string
	Body      []byte
	Fields    map[string]string
}

// Output writes batches.
type Output struct {
	svc *aztables.ServiceClient
}

type groups map[string]map[string]map[string][]aztables.EDMEntity

func (o *Output) properties(m Message) (map[string]any, error) {
	props := map[string]any{}
	if len(m.Fields) > 0 {
		for k, v := range m.Fields {
			props[k] = v
		}
		return props, nil
	}
	if err := json.Unmarshal(m.Body, &props); err != nil {
		return nil, err
	}
	for k, v := range props {
		switch v.(type) {
		case []any, map[string]any:
			b, err := json.Marshal(v)
			if err != nil {
				return nil, err
			}
			props[k] = string(b) // L: TL122
		}
	}
	return props, nil
}

// WriteBatch groups a batch and sends it.
func (o *Output) WriteBatch(ctx context.Context, batch []Message) error {
	g := groups{}
	for _, m := range batch {
		props, err := o.properties(m)
		if err != nil {
			return err
		}
		e := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: m.Partition, RowKey: m.Row}, Properties: props}
		if g[m.Table] == nil {
			g[m.Table] = map[string]map[string][]aztables.EDMEntity{}
		}
		if g[m.Table][m.Partition] == nil {
			g[m.Table][m.Partition] = map[string][]aztables.EDMEntity{}
		}
		g[m.Table][m.Partition][m.Kind] = append(g[m.Table][m.Partition][m.Kind], e)
	}
	return o.send(ctx, g)
}

func kindOf(name string) (aztables.TransactionType, error) {
	switch name {
	case "INSERT":
		return aztables.TransactionTypeAdd, nil
	case "INSERT_MERGE":
		return aztables.TransactionTypeInsertMerge, nil
	case "INSERT_REPLACE":
		return aztables.TransactionTypeInsertReplace, nil
	case "UPDATE_MERGE":
		return aztables.TransactionTypeUpdateMerge, nil
	case "UPDATE_REPLACE":
		return aztables.TransactionTypeUpdateReplace, nil
	case "DELETE":
		return aztables.TransactionTypeDelete, nil
	}
	return "", errors.New("unknown write kind " + name)
}

func (o *Output) send(ctx context.Context, g groups) error {
	for table, parts := range g {
		tc := o.svc.NewClient(table)
		for _, kinds := range parts {
			for kind, ents := range kinds {
				t, err := kindOf(kind)
				if err != nil {
					return err
				}
				var acts []aztables.TransactionAction
				for i, e := range ents {
					b, err := json.Marshal(e)
					if err != nil {
						return fmt.Errorf("encode entity: %w", err)
					}
					acts = append(acts, aztables.TransactionAction{ActionType: t, Entity: b})
					if (i+1)%100 == 0 || i+1 == len(ents) {
						if err := o.submit(ctx, tc, acts); err != nil {
							return err
						}
						acts = nil
					}
				}
			}
		}
	}
	return nil
}

// submit sends one transaction, creating the table once if it is missing.
func (o *Output) submit(ctx context.Context, tc *aztables.Client, acts []aztables.TransactionAction) error {
	_, err := tc.SubmitTransaction(ctx, acts, nil)
	if err == nil {
		return nil
	}
	var re *azcore.ResponseError
	if !errors.As(err, &re) || !strings.Contains(re.Error(), "TableNotFound") {
		return err
	}
	if _, err := tc.CreateTable(ctx, nil); err != nil {
		return err
	}
	_, err = tc.SubmitTransaction(ctx, acts, nil)
	return err
}

// WriteFlat sends a whole batch for one table in a single transaction,
// whatever its partitions (added: the grouping left out).
func (o *Output) WriteFlat(ctx context.Context, table string, batch []Message) error {
	var acts []aztables.TransactionAction
	for _, m := range batch {
		props, err := o.properties(m)
		if err != nil {
			return err
		}
		b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: m.Partition, RowKey: m.Row}, Properties: props})
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertMerge, Entity: b})
	}
	_, err := o.svc.NewClient(table).SubmitTransaction(ctx, acts, nil) // L: TL401 TL403
	return err
}
