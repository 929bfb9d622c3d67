// Package wordload imports a concordance: each segment of a book is one
// partition, every word of the segment a row, written one request at a
// time.
package wordload

import (
	"fmt"
	"os"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Word is one row of a segment.
type Word struct {
	PartitionKey string
	RowKey       string
	Properties   map[string]interface{}
}

func tableRef(name string) *storage.Table {
	c, err := storage.NewBasicClient(os.Getenv("CONCORDANCE_ACCOUNT"), os.Getenv("CONCORDANCE_KEY"))
	if err != nil {
		panic(err)
	}
	svc := c.GetTableService()
	return svc.GetTableReference(name)
}

// Segment builds a segment's words: they all share its partition.
func Segment(book string, chapter int, words []string) []Word {
	out := make([]Word, 0, len(words))
	for i, w := range words {
		out = append(out, Word{
			PartitionKey: fmt.Sprintf("%s_%03d", book, chapter),
			RowKey:       fmt.Sprintf("%05d", i), // S
			Properties:   map[string]interface{}{"Text": w},
		})
	}
	return out
}

// Persist writes a segment row by row: up to a few thousand requests for
// rows of one partition that could go 100 to a batch.
func Persist(tableName string, segment []Word) error {
	for _, w := range segment {
		table := tableRef(tableName)
		e := table.GetEntityReference(w.PartitionKey, w.RowKey)
		e.Properties = w.Properties
		if err := e.InsertOrReplace(nil); err != nil { // L: TL406
			return err
		}
	}
	return nil
}
