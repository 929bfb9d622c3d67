package confkva

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const settingsPartition = "cfg"

// Prefix (added) reads the settings under one path prefix from a single
// partition as a RowKey range, the prefix escaped, every page followed.
func (b *Backend) Prefix(ctx context.Context, prefix string) (map[string]string, error) {
	lo := strings.ReplaceAll(strings.ReplaceAll(strings.Trim(prefix, "/"), "/", "-"), "'", "''")
	f := "PartitionKey eq '" + settingsPartition + "' and RowKey ge '" + lo + "' and RowKey lt '" + lo + "~'" // S
	pager := b.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})                             // S
	vals := make(map[string]string)
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var s setting
			if err := json.Unmarshal(raw, &s); err != nil {
				return nil, err
			}
			vals[pathOf.Replace(s.RowKey)] = s.Value
		}
	}
	return vals, nil
}

// Dump (added) prints every setting of the table, page after page.
func (b *Backend) Dump(ctx context.Context, w io.Writer) error {
	pager := b.tc.NewListEntitiesPager(nil) // L: TL301
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			if _, err := w.Write(append(raw, '\n')); err != nil {
				return err
			}
		}
	}
	return nil
}

// SetFromFile (added) stores a setting whose text is a whole file.
func (b *Backend) SetFromFile(ctx context.Context, path, file string) error {
	text, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	s := setting{
		Entity: aztables.Entity{PartitionKey: settingsPartition, RowKey: strings.ReplaceAll(strings.Trim(path, "/"), "/", "-")}, // S
		Value:  string(text),                                                                                                    // L: TL122
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return err
	}
	_, err = b.tc.UpsertEntity(ctx, raw, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// SetFromFileCapped (added) is SetFromFile's twin: at most 16 KiB is read.
func (b *Backend) SetFromFileCapped(ctx context.Context, path, file string) error {
	fh, err := os.Open(file)
	if err != nil {
		return err
	}
	defer fh.Close()
	text, err := io.ReadAll(io.LimitReader(fh, 16<<10))
	if err != nil {
		return err
	}
	s := setting{
		Entity: aztables.Entity{PartitionKey: settingsPartition, RowKey: strings.ReplaceAll(strings.Trim(path, "/"), "/", "-")},
		Value:  string(text), // S
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return err
	}
	_, err = b.tc.UpsertEntity(ctx, raw, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}
