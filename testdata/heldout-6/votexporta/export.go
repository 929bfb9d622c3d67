// Package votexporta is the one-off tool a conference team ran after its
// session vote closed: it dumps the submissions, the speakers and the
// pairwise (Elo) votes from Azure Tables into CSV files, and tallies a
// session's results.
package votexporta

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"strconv"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const connPlaceholder = "<PASTE CONNECTION STRING HERE>"

type dump struct {
	table string
	cols  []string
}

var dumps = []dump{
	{"Submissions", []string{"PartitionKey", "RowKey", "ExternalId", "Title", "Session"}},
	{"Submitters", []string{"PartitionKey", "RowKey", "ExternalId", "Name", "Presenter"}},
	{"EloVotes", []string{"PartitionKey", "RowKey", "WinnerSessionId", "LoserSessionId", "IsDraw", "IpAddress", "VoterSessionId", "VoterTicket", "VoterLastname"}},
}

// Run writes one CSV file per table into dir.
func Run(ctx context.Context, dir string) error {
	svc, err := aztables.NewServiceClientFromConnectionString(connPlaceholder, nil) // S
	if err != nil {
		return err
	}
	for _, d := range dumps {
		if err := toCSV(ctx, svc.NewClient(d.table), d.cols, dir+"/"+d.table+".csv"); err != nil {
			return err
		}
	}
	return nil
}

// cell renders one column of a row as text.
func cell(e aztables.EDMEntity, col string) string {
	switch col {
	case "PartitionKey":
		return e.PartitionKey
	case "RowKey":
		return e.RowKey
	}
	switch v := e.Properties[col].(type) {
	case nil:
		return ""
	case bool:
		return strconv.FormatBool(v)
	case string:
		return v
	default:
		return fmt.Sprint(v)
	}
}

// toCSV reads every row of a table, page by page, into a CSV file.
func toCSV(ctx context.Context, t *aztables.Client, cols []string, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	out := csv.NewWriter(f)
	defer out.Flush()
	if err := out.Write(cols); err != nil {
		return err
	}
	pager := t.NewListEntitiesPager(&aztables.ListEntitiesOptions{}) // L: TL301
	pages := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		pages++
		fmt.Printf("%s: page %d, %d rows\n", path, pages, len(page.Entities))
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if err := json.Unmarshal(raw, &e); err != nil {
				return err
			}
			rec := make([]string, len(cols))
			for i, c := range cols {
				rec[i] = cell(e, c)
			}
			if err := out.Write(rec); err != nil {
				return err
			}
		}
	}
	return nil
}
