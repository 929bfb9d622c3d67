// Package legacysingle: legacy entities read from a table (a query's
// page, a helper's read, a kept field) written back one at a time with
// a write that sends If-Match * (Update or Merge with force true) or no
// If-Match at all (InsertOrReplace, InsertOrMerge).
package legacysingle

import "github.com/Azure/azure-sdk-for-go/storage"

// The first listed lamp is switched and written back by force: a switch
// made by another client in between is lost.
func flipFirst(t *storage.Table) error {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, nil)
	if err != nil || len(res.Entities) == 0 {
		return err
	}
	lamp := res.Entities[0]
	lit, _ := lamp.Properties["lit"].(bool)
	lamp.Properties["lit"] = !lit
	return lamp.Update(true, nil) // want `TL414: Update\(true, …\), which sends If-Match \*, writes back an entity read by QueryEntities`
}

// Every row of the next segment is counted up and upserted.
func countNext(t *storage.Table, prev *storage.EntityQueryResult) error {
	res, err := prev.NextResults(nil)
	if err != nil {
		return err
	}
	for _, e := range res.Entities {
		n, _ := e.Properties["n"].(int64)
		e.Properties["n"] = n + 1
		if err := e.InsertOrMerge(nil); err != nil { // want `TL414: InsertOrMerge, which sends no If-Match, writes back an entity read by QueryEntities`
			return err
		}
	}
	return nil
}

// fetch reads one row by its keys.
func fetch(t *storage.Table, pk, rk string) (*storage.Entity, error) {
	e := t.GetEntityReference(pk, rk)
	return e, e.Get(30, storage.FullMetadata, nil)
}

// A helper's read, merged back by force.
func rename(t *storage.Table, pk, rk, name string) error {
	e, err := fetch(t, pk, rk)
	if err != nil {
		return err
	}
	e.Properties["name"] = name
	return e.Merge(true, nil) // want `TL414: Merge\(true, …\), which sends If-Match \*, writes back an entity read by Get \(through fetch\)`
}

// meter keeps the row it read and replaces it later.
type meter struct {
	t   *storage.Table
	row *storage.Entity
}

func (m *meter) open(pk string) error {
	e := m.t.GetEntityReference(pk, "meter")
	if err := e.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	m.row = e
	return nil
}

func (m *meter) add(n int64) error {
	v, _ := m.row.Properties["v"].(int64)
	m.row.Properties["v"] = v + n
	return m.row.InsertOrReplace(nil) // want `TL414: InsertOrReplace, which sends no If-Match, writes back an entity read by Get`
}
