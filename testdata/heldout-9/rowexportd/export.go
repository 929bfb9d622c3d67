// Package rowexportd recreates a small command-line exporter: it takes a
// PartitionKey, a RowKey and a table name from its arguments, the account
// from the environment, asks for the rows matching either key and writes the
// properties of each row it gets to a JSON file.
package rowexportd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// target is what the command line names.
type target struct {
	partition string
	row       string
	table     string
}

func readTarget(argv []string) (target, error) {
	if len(argv) < 4 {
		return target{}, errors.New("usage: rowexport <partition> <row> <table>")
	}
	return target{partition: argv[1], row: argv[2], table: argv[3]}, nil
}

// listShape is the program's own copy of the list options, with a plain
// page size; it is turned into the SDK's options just before the query.
type listShape struct {
	Filter    *string
	Select    *string
	PageSize  int32
	ResumePK  *string
	ResumeRow *string
}

func (s listShape) options() *aztables.ListEntitiesOptions {
	size := s.PageSize
	return &aztables.ListEntitiesOptions{
		Filter:           s.Filter,
		Select:           s.Select,
		Top:              &size,
		NextPartitionKey: s.ResumePK,
		NextRowKey:       s.ResumeRow,
	}
}

func connect(t target) (*aztables.Client, error) {
	account, ok := os.LookupEnv("ROWEXPORT_ACCOUNT")
	if !ok {
		return nil, errors.New("ROWEXPORT_ACCOUNT is not set")
	}
	secret, ok := os.LookupEnv("ROWEXPORT_ACCOUNT_KEY")
	if !ok {
		return nil, errors.New("ROWEXPORT_ACCOUNT_KEY is not set")
	}
	cred, err := aztables.NewSharedKeyCredential(account, secret) // S
	if err != nil {
		return nil, err
	}
	tableURL := fmt.Sprintf("https://%s.table.core.windows.net/%s", account, t.table)
	return aztables.NewClientWithSharedKey(tableURL, cred, nil)
}

// matchEither asks for the rows of the partition or with the RowKey.
func matchEither(t target) string {
	return "PartitionKey eq '" + t.partition + "'" + // L: TL321
		" or RowKey eq '" + t.row + "'" // L: TL321
}

// dump writes the properties of every row the filter returns to dest; like
// the source, each row overwrites the file the previous one wrote.
func dump(ctx context.Context, c *aztables.Client, t target, dest string) (int, error) {
	filter := matchEither(t)
	shape := listShape{Filter: &filter, PageSize: 15}
	pager := c.NewListEntitiesPager(shape.options()) // L: TL301
	pages := 0
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return pages, err
		}
		pages++
		for _, raw := range page.Entities {
			if err := writeProps(raw, dest); err != nil {
				return pages, err
			}
		}
	}
	return pages, nil
}

func writeProps(raw []byte, dest string) error {
	var row aztables.EDMEntity
	if err := json.Unmarshal(raw, &row); err != nil {
		return err
	}
	props, err := json.Marshal(row.Properties)
	if err != nil {
		return err
	}
	fmt.Println(string(props))
	return os.WriteFile(dest, props, 0o644)
}

// dumpOne is the point read for when both keys are meant together (added).
func dumpOne(ctx context.Context, c *aztables.Client, t target, dest string) error {
	got, err := c.GetEntity(ctx, t.partition, t.row, nil) // S
	if err != nil {
		return err
	}
	return writeProps(got.Value, dest)
}

func quoteLit(s string) string { return strings.ReplaceAll(s, "'", "''") }

// dumpFrom reads the rows of the partition whose RowKey starts with the row
// argument, both values escaped (added).
func dumpFrom(ctx context.Context, c *aztables.Client, t target, dest string) error {
	p, lo := quoteLit(t.partition), quoteLit(t.row)
	filter := "PartitionKey eq '" + p + "' and RowKey ge '" + lo + "' and RowKey lt '" + lo + "~'" // S
	pager := c.NewListEntitiesPager(listShape{Filter: &filter, PageSize: 100}.options())           // S
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			if err := writeProps(raw, dest); err != nil {
				return err
			}
		}
	}
	return nil
}

// Run is the command's entry point.
func Run(ctx context.Context, argv []string) error {
	t, err := readTarget(argv)
	if err != nil {
		return err
	}
	c, err := connect(t)
	if err != nil {
		return err
	}
	switch os.Getenv("ROWEXPORT_MODE") {
	case "point":
		return dumpOne(ctx, c, t, "data.json")
	case "prefix":
		return dumpFrom(ctx, c, t, "data.json")
	}
	_, err = dump(ctx, c, t, "data.json")
	return err
}
