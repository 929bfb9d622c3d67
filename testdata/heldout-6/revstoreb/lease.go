package revstoreb

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const (
	leasePart = "__LEASES__"
	kindLease = "LS"
)

// ErrNoLease is returned for a lease id the table does not hold.
var ErrNoLease = errors.New("lease not found")

// Lease is a time-to-live grant keys can be attached to.
type Lease struct {
	ID      int64
	Granted int64
	Expires int64
	State   int
}

// Grant stores a new lease under its id.
func (s *Store) Grant(l Lease) error {
	e := s.t.GetEntityReference(leasePart, fmt.Sprintf("%v", l.ID)) // L: TL204
	e.Properties = map[string]interface{}{
		"gt":    fmt.Sprintf("%v", l.Granted),
		"ex":    fmt.Sprintf("%v", l.Expires),
		"st":    fmt.Sprintf("%v", l.State),
		colKind: kindLease,
	}
	b := s.t.NewBatch()
	b.InsertEntity(e)
	return b.ExecuteBatch()
}

func (s *Store) leaseRow(id int64) (*storage.Entity, error) {
	f := all(is("PartitionKey", leasePart), is(colKind, kindLease), is("RowKey", fmt.Sprint(id)))
	res, err := s.t.QueryEntities(timeoutS, storage.FullMetadata, &storage.QueryOptions{Filter: string(f)}) // S
	if err != nil {
		return nil, err
	}
	if len(res.Entities) == 0 {
		return nil, ErrNoLease
	}
	return res.Entities[0], nil
}

// Renew moves a lease's expiry: the row is found, changed and merged back
// by force, whatever changed in between.
func (s *Store) Renew(l Lease) error {
	e, err := s.leaseRow(l.ID)
	if err != nil {
		return err
	}
	if l.State != 0 {
		e.Properties["st"] = fmt.Sprintf("%v", l.State)
	}
	e.Properties["ex"] = fmt.Sprintf("%v", l.Expires)
	b := s.t.NewBatch()
	b.InsertOrMergeEntityByForce(e) // L: TL414
	return b.ExecuteBatch()
}

// Leases lists every lease, stopping at the first empty page.
func (s *Store) Leases() ([]Lease, error) {
	var out []Lease
	add := func(es []*storage.Entity) {
		for _, e := range es {
			id, _ := strconv.ParseInt(e.RowKey, 10, 64)
			ex, _ := strconv.ParseInt(fmt.Sprint(e.Properties["ex"]), 10, 64)
			out = append(out, Lease{ID: id, Expires: ex})
		}
	}
	f := all(is("PartitionKey", leasePart), is(colKind, kindLease))
	res, err := s.t.QueryEntities(timeoutS, storage.MinimalMetadata, &storage.QueryOptions{Filter: string(f)}) // L: TL303
	if err != nil {
		return nil, err
	}
	if len(res.Entities) == 0 { // L: TL308
		return out, nil
	}
	add(res.Entities)
	for res.NextLink != nil {
		if res, err = res.NextResults(nil); err != nil {
			return nil, err
		}
		if len(res.Entities) == 0 { // L: TL308
			return out, nil
		}
		add(res.Entities)
	}
	return out, nil
}
