package tableinputb

import (
	"context"
	"errors"
	"sync/atomic"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// ErrDone ends the input.
var ErrDone = errors.New("end of input")

// Message is one row handed to the pipeline, with its metadata.
type Message struct {
	Body []byte
	Meta map[string]any
}

// InputConf is the input's configuration: a table, an optional filter and
// projection written by the user, and a page size (1000 by default).
type InputConf struct {
	Creds
	Table    string
	Filter   string
	Columns  string
	PageSize int
}

// Input reads a table as a batch input: each ReadBatch returns one page.
type Input struct {
	conf   InputConf
	client *aztables.Client
	pages  *runtime.Pager[aztables.ListEntitiesResponse]
	seen   int64
}

// NewInput builds the input from its configuration.
func NewInput(conf InputConf) (*Input, error) {
	svc, err := serviceFor(conf.Creds)
	if err != nil {
		return nil, err
	}
	return &Input{conf: conf, client: svc.NewClient(conf.Table)}, nil
}

func textOrNil(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func sizeOrNil(n int) *int32 {
	if n <= 0 {
		return nil
	}
	v := int32(n)
	return &v
}

// Connect starts the query: without a filter every row of the table is
// read, as the input's documentation says.
func (in *Input) Connect(context.Context) error {
	in.pages = in.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: textOrNil(in.conf.Filter), Select: textOrNil(in.conf.Columns), Top: sizeOrNil(in.conf.PageSize)}) // L: TL301
	return nil
}

// ReadBatch returns the next page that holds rows; empty pages are skipped,
// and the input ends when the service has no more pages.
func (in *Input) ReadBatch(ctx context.Context) ([]Message, error) {
	for in.pages.More() {
		page, err := in.pages.NextPage(ctx) // S
		if err != nil {
			return nil, ErrDone
		}
		if len(page.Entities) == 0 { // S
			continue
		}
		out := make([]Message, 0, len(page.Entities))
		for _, row := range page.Entities {
			out = append(out, Message{Body: row, Meta: map[string]any{
				"table_storage_name": in.conf.Table,
				"row_num":            atomic.AddInt64(&in.seen, 1),
			}})
		}
		return out, nil
	}
	return nil, ErrDone
}
