package tableinputb

import (
	"context"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Lookup enriches each message with the rows of the partition its metadata
// names (added: a processor written around the input's data flow).
type Lookup struct {
	client *aztables.Client
	field  string
}

// NewLookup builds the stage for a table and the metadata field that names
// the partition.
func NewLookup(c Creds, table, field string) (*Lookup, error) {
	svc, err := serviceFor(c)
	if err != nil {
		return nil, err
	}
	return &Lookup{client: svc.NewClient(table), field: field}, nil
}

func (l *Lookup) rows(ctx context.Context, filter string) ([][]byte, error) {
	var out [][]byte
	pager := l.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Entities...)
	}
	return out, nil
}

// Process puts the partition's rows into the message's metadata.
func (l *Lookup) Process(ctx context.Context, m *Message) error {
	tenant := fmt.Sprint(m.Meta[l.field])
	filter := fmt.Sprintf("PartitionKey eq '%s'", tenant) // L: TL321
	rows, err := l.rows(ctx, filter)                      // S
	if err != nil {
		return err
	}
	m.Meta["lookup"] = rows
	return nil
}

// ProcessQuoted is the same stage with the value's quotes doubled (added twin).
func (l *Lookup) ProcessQuoted(ctx context.Context, m *Message) error {
	tenant := strings.ReplaceAll(fmt.Sprint(m.Meta[l.field]), "'", "''")
	rows, err := l.rows(ctx, "PartitionKey eq '"+tenant+"'") // S
	if err != nil {
		return err
	}
	m.Meta["lookup"] = rows
	return nil
}
