package msgsinkb

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const maxBatch = 100

// WriteBatch is #481's batch write: the messages are grouped by table and
// then by PartitionKey, and each group is sent in batches of at most 100.
func (w *Writer) WriteBatch(msgs []Message) error {
	groups := map[string]map[string][]*storage.Entity{}
	for _, m := range msgs {
		name := expand(w.conf.Table, m, m.fields())
		t, err := w.table(name)
		if err != nil {
			return err
		}
		e, err := w.entity(t, m)
		if err != nil {
			return err
		}
		if groups[name] == nil {
			groups[name] = map[string][]*storage.Entity{}
		}
		groups[name][e.PartitionKey] = append(groups[name][e.PartitionKey], e)
	}
	for name, parts := range groups {
		t := w.tables[name]
		for _, ents := range parts {
			for start := 0; start < len(ents); start += maxBatch {
				end := min(start+maxBatch, len(ents))
				b := t.NewBatch()
				for _, e := range ents[start:end] {
					if err := w.add(b, e); err != nil {
						return err
					}
				}
				if err := b.ExecuteBatch(); err != nil { // S
					return fmt.Errorf("msgsink: table %s: %w", name, err)
				}
			}
		}
	}
	return nil
}

func (w *Writer) add(b *storage.TableBatch, e *storage.Entity) error {
	switch w.conf.InsertKind {
	case "INSERT_MERGE":
		b.InsertOrMergeEntity(e, true)
	case "INSERT_REPLACE":
		b.InsertOrReplaceEntity(e, true)
	case "INSERT", "":
		b.InsertEntity(e)
	default:
		return fmt.Errorf("msgsink: unknown insert kind %q", w.conf.InsertKind)
	}
	return nil
}

// Replay re-sends a partition's messages to one table in one batch when the
// caller already knows they share a PartitionKey (added): nothing keeps the
// batch within 100 operations.
func (w *Writer) Replay(table, pk string, msgs []Message) error {
	t, err := w.table(table)
	if err != nil {
		return err
	}
	b := t.NewBatch()
	for i, m := range msgs {
		e := t.GetEntityReference(pk, fmt.Sprintf("%010d", i)) // S
		props, err := w.properties(m, m.fields())
		if err != nil {
			return err
		}
		e.Properties = props
		b.InsertOrReplaceEntity(e, true)
	}
	return b.ExecuteBatch() // L: TL401
}
