// Package sasbatchb writes rows into a table through a client its caller
// made from an account shared access signature, as one-row groups or one row
// at a time.
package sasbatchb

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// probePartition and probeRow are the fixed keys of the probe row.
const (
	probePartition = "partkey1"
	probeRow       = "rowkey1"
)

// Sink writes into one table of the account the client was made for.
type Sink struct {
	tables storage.TableServiceClient
	name   string
}

// New returns a sink over the named table. The client comes from the
// caller, who builds it from the account endpoint and a SAS token.
func New(cli storage.Client, table string) *Sink {
	return &Sink{tables: cli.GetTableService(), name: table}
}

// ProbeGroup sends the probe row as a group of one, replacing whatever is
// stored under its keys.
func (s *Sink) ProbeGroup() error {
	tbl := s.tables.GetTableReference(s.name)
	group := tbl.NewBatch()
	row := tbl.GetEntityReference(probePartition, probeRow) // S
	group.InsertOrReplaceEntityByForce(row)
	if err := group.ExecuteBatch(); err != nil { // S
		return fmt.Errorf("could not insert data: %w", err)
	}
	return nil
}

// ProbeSingle writes the same row on its own, without a group.
func (s *Sink) ProbeSingle() error {
	tbl := s.tables.GetTableReference(s.name)
	row := tbl.GetEntityReference(probePartition, probeRow)
	if err := row.InsertOrReplace(nil); err != nil { // S
		return fmt.Errorf("could not insert data: %w", err)
	}
	return nil
}
