// Package flowmarkb keeps read positions of network flow-log blobs in a
// table (legacy storage API), the way a log shipper's checkpoint store does.
package flowmarkb

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Position is how far one blob has been shipped.
type Position struct {
	Part    string
	Row     string
	BlobTag string
	Offset  int64
	Size    int64
}

// Marks is the checkpoint table.
type Marks struct {
	tbl     *storage.Table
	timeout uint
}

// MarksConfig names the account and the table.
type MarksConfig struct {
	Account string
	Key     string
	Table   string
	Timeout uint
}

// OpenMarks connects and makes sure the table exists.
func OpenMarks(cfg MarksConfig) (*Marks, error) {
	cli, err := storage.NewBasicClient(cfg.Account, cfg.Key) // S
	if err != nil {
		return nil, err
	}
	svc := cli.GetTableService()
	m := &Marks{tbl: svc.GetTableReference(cfg.Table), timeout: cfg.Timeout}
	if err := m.tbl.Create(cfg.Timeout, storage.NoMetadata, nil); err != nil && !strings.Contains(err.Error(), "TableAlreadyExists") {
		return nil, err
	}
	return m, nil
}

// keysFor turns a blob path into the mark's keys: the subscription, group,
// security group and day make the partition, the hour, minute and adapter the
// row.
func keysFor(blobPath string) (string, string, error) {
	seg := strings.Split(blobPath, "/")
	if len(seg) < 15 {
		return "", "", fmt.Errorf("unexpected blob path %q", blobPath)
	}
	val := func(s string) string { return s[strings.Index(s, "=")+1:] }
	part := strings.Join([]string{seg[2], seg[4], seg[8], val(seg[9]), val(seg[10]), val(seg[11])}, "_")
	row := strings.Join([]string{val(seg[12]), val(seg[13]), val(seg[14])}, "_")
	return part, row, nil
}

func (m *Marks) matchKeys(part, row string) string {
	return fmt.Sprintf("PartitionKey eq '%s' and RowKey eq '%s'",
		part, // L: TL321
		row)  // L: TL321
}

// Lookup returns the position of one blob, a fresh one when none is kept.
func (m *Marks) Lookup(part, row string) (*Position, error) {
	q := &storage.QueryOptions{Top: 1, Filter: m.matchKeys(part, row)}
	res, err := m.tbl.QueryEntities(m.timeout, storage.NoMetadata, q) // S
	if err != nil {
		return nil, err
	}
	if len(res.Entities) == 0 {
		return &Position{Part: part, Row: row}, nil
	}
	return fromEntity(res.Entities[0]), nil
}

func fromEntity(e *storage.Entity) *Position {
	off, _ := strconv.ParseInt(fmt.Sprint(e.Properties["Offset"]), 10, 64)
	size, _ := strconv.ParseInt(fmt.Sprint(e.Properties["Size"]), 10, 64)
	tag, _ := e.Properties["BlobTag"].(string)
	return &Position{Part: e.PartitionKey, Row: e.RowKey, BlobTag: tag, Offset: off, Size: size}
}

// Store writes a position whole, through a batch of one.
func (m *Marks) Store(p *Position) error {
	e := &storage.Entity{
		Table:        m.tbl,
		PartitionKey: p.Part,
		RowKey:       p.Row,
		TimeStamp:    time.Now(), // L: TL128
	}
	e.Properties = map[string]interface{}{
		"BlobTag": p.BlobTag,
		"Offset":  p.Offset, // S
		"Size":    p.Size,
	}
	b := m.tbl.NewBatch()
	b.InsertOrReplaceEntityByForce(e)
	return b.ExecuteBatch()
}

// Advance records what the publisher acknowledged: every value comes from
// the acknowledgement, nothing from a read.
func (m *Marks) Advance(part, row, blobTag string, offset int64) error {
	e := m.tbl.GetEntityReference(part, row)
	e.Properties = map[string]interface{}{
		"BlobTag": blobTag,
		"Offset":  offset,
		"Size":    offset,
	}
	return e.InsertOrReplace(nil) // S
}

// ForDay lists the marks of one security group on one day (added).
func (m *Marks) ForDay(part string) ([]*Position, error) {
	f := "PartitionKey eq '" + strings.ReplaceAll(part, "'", "''") + "'"                             // S
	res, err := m.tbl.QueryEntities(m.timeout, storage.NoMetadata, &storage.QueryOptions{Filter: f}) // S
	if err != nil {
		return nil, err
	}
	var out []*Position
	for {
		for _, e := range res.Entities {
			out = append(out, fromEntity(e))
		}
		if res.NextLink == nil {
			return out, nil
		}
		if res, err = res.NextResults(nil); err != nil {
			return nil, err
		}
	}
}
