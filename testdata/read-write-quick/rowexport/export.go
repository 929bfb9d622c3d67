// Package rowexport dumps a whole table to CSV on purpose (a backup tool).
package rowexport

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Dump writes every entity of tbl to path with the given columns.
func Dump(ctx context.Context, tbl *aztables.Client, cols []string, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	w := csv.NewWriter(f)
	defer w.Flush()
	if err := w.Write(cols); err != nil {
		return err
	}
	pg := tbl.NewListEntitiesPager(&aztables.ListEntitiesOptions{}) // L: TL301
	for pg.More() {
		resp, err := pg.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range resp.Entities {
			var e aztables.EDMEntity
			if err := json.Unmarshal(raw, &e); err != nil {
				return err
			}
			rec := make([]string, len(cols))
			for i, c := range cols {
				rec[i] = fmt.Sprint(e.Properties[c])
			}
			if err := w.Write(rec); err != nil {
				return err
			}
		}
	}
	return nil
}

// Partition returns every row of one partition.
func Partition(ctx context.Context, tbl *aztables.Client, part string) ([][]byte, error) {
	f := "PartitionKey eq '" + strings.ReplaceAll(part, "'", "''") + "'" // S
	pg := tbl.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	resp, err := pg.NextPage(ctx) // L: TL307
	if err != nil {
		return nil, err
	}
	return resp.Entities, nil
}
