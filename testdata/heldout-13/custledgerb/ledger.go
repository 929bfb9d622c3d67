// Package custledgerb keeps member accounts in one table with the legacy
// storage Table API: account rows, their revisions, reports over the table
// and grouped writes.
package custledgerb

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
	"github.com/google/uuid"
)

// requestTimeout is the server timeout, in seconds, given to every call.
const requestTimeout = 30

// accountsPartition holds every member account row.
const accountsPartition = "members"

// Ledger wraps the table that holds the member accounts.
type Ledger struct {
	tbl *storage.Table
}

// Open makes sure the table exists and returns a ledger over it.
func Open(cli storage.Client, table string) (*Ledger, error) {
	svc := cli.GetTableService()
	tbl := svc.GetTableReference(table)
	if err := tbl.Create(requestTimeout, storage.EmptyPayload, nil); err != nil {
		return nil, err
	}
	return &Ledger{tbl: tbl}, nil
}

// accountFields is the property set every new account starts with.
func accountFields(balance float64, code uuid.UUID, since time.Time) map[string]interface{} {
	return map[string]interface{}{
		"Balance":     balance,
		"MemberCode":  code,
		"MemberSince": since, // S
		"Active":      true,
		"OrderCount":  int64(255), // S
	}
}

// Enrol writes a new account row for the member.
func (l *Ledger) Enrol(member string, balance float64) error {
	row := l.tbl.GetEntityReference(accountsPartition, member)
	founded := time.Date(1992, time.December, 20, 21, 55, 0, 0, time.UTC) // S
	row.Properties = accountFields(balance, uuid.New(), founded)
	return row.Insert(storage.EmptyPayload, nil)
}

// archivePartition keeps a copy of each account as it was first written.
const archivePartition = "archive"

// EnrolKept writes a new account row and a copy of it in the archive
// partition, the copy's keys set on the same reference.
func (l *Ledger) EnrolKept(member string, balance float64) error {
	row := l.tbl.GetEntityReference(accountsPartition, member)
	row.Properties = accountFields(balance, uuid.New(), time.Now())
	if err := row.Insert(storage.EmptyPayload, nil); err != nil {
		return err
	}
	row.PartitionKey = archivePartition
	row.RowKey = "first-" + member
	return row.Insert(storage.FullMetadata, nil) // S
}

// Fields reads the named properties of one account, or all of them when no
// name is given.
func (l *Ledger) Fields(member string, names ...string) (map[string]interface{}, error) {
	row := l.tbl.GetEntityReference(accountsPartition, member)
	var opts *storage.GetEntityOptions
	if len(names) > 0 {
		opts = &storage.GetEntityOptions{Select: names}
	}
	if err := row.Get(requestTimeout, storage.FullMetadata, opts); err != nil { // S
		return nil, err
	}
	return row.Properties, nil
}

// IsActive reads only the Active flag of an account.
func (l *Ledger) IsActive(member string) (bool, error) {
	props, err := l.Fields(member, "Active")
	if err != nil {
		return false, err
	}
	active, ok := props["Active"].(bool)
	if !ok {
		return false, errors.New("custledgerb: Active is not a bool")
	}
	return active, nil
}

// CountOrder adds one to an account's order count, writing over whatever is
// stored. (added)
func (l *Ledger) CountOrder(member string) error {
	row := l.tbl.GetEntityReference(accountsPartition, member)
	if err := row.Get(requestTimeout, storage.FullMetadata, nil); err != nil {
		return err
	}
	n, _ := row.Properties["OrderCount"].(int64)
	row.Properties["OrderCount"] = n + 1
	return row.Update(true, nil) // L: TL414
}

// CountOrderChecked does the same, sending the ETag the read kept. (added)
func (l *Ledger) CountOrderChecked(member string) error {
	row := l.tbl.GetEntityReference(accountsPartition, member)
	if err := row.Get(requestTimeout, storage.FullMetadata, nil); err != nil {
		return err
	}
	n, _ := row.Properties["OrderCount"].(int64)
	row.Properties["OrderCount"] = n + 1
	return row.Update(false, nil) // S
}

// Describe renders an account the way the table would receive it, for the
// audit log; nothing is written.
func Describe(member string, code uuid.UUID) ([]byte, error) {
	e := storage.Entity{
		PartitionKey: accountsPartition,
		RowKey:       member,
		Properties: map[string]interface{}{
			"Address":        "Mountain View",
			"Age":            23,
			"Balance":        200.23,
			"Badge":          []byte("abcd"), // S
			"MemberCode":     code,
			"MemberSince":    time.Date(1992, time.December, 20, 21, 55, 0, 0, time.UTC),
			"Active":         true,
			"OrderCount":     int64(255),
			"Ref@odata.type": "Edm.Guid", // S
			"Ref":            "c9da6455-213d-42c9-9a79-3e9149a57833",
		},
	}
	return json.Marshal(&e)
}
