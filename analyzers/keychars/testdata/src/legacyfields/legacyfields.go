// Package legacyfields: a legacy storage.Entity whose key fields are set
// one by one (not through GetEntityReference) by a method that queues it
// in a legacy batch; one caller passes request values unchecked, another
// checks them first. The finding is at the key, because one caller's
// value is unchecked.
package legacyfields

import (
	"net/http"
	"regexp"

	"github.com/Azure/azure-sdk-for-go/storage"
)

type store struct{ tbl *storage.Table }

// save queues one entity under the keys it is given and sends the batch.
func (s *store) save(shelf, item string, props map[string]interface{}) error {
	b := s.tbl.NewBatch()
	var ent storage.Entity
	ent.Table = s.tbl
	ent.PartitionKey = shelf // want `TL201: PartitionKey comes from the request \(r.PathValue, passed at line \d+\) unchecked`
	ent.RowKey = item        // want `TL201: RowKey comes from the request \(r.PathValue, passed at line \d+\) unchecked`
	ent.Properties = props
	b.InsertOrReplaceEntity(&ent, false)
	return b.ExecuteBatch()
}

// A wrapper embedding the legacy entity: its keys are the entity's keys.
type tagged struct {
	storage.Entity
	Note string
}

func (s *store) tag(r *http.Request) error {
	t := tagged{Note: "n"}
	t.Table = s.tbl
	t.PartitionKey = "tags"
	t.RowKey = r.FormValue("tag") // want `TL201: RowKey comes from the request \(r.FormValue\) unchecked`
	b := s.tbl.NewBatch()
	b.InsertOrMergeEntity(&t.Entity, false)
	return b.ExecuteBatch()
}

// shelve stores the path's keys as they come.
func shelve(s *store, r *http.Request) error {
	return s.save(r.PathValue("shelf"), r.PathValue("item"), nil)
}

var word = regexp.MustCompile(`^[a-z]{1,20}$`)

// shelveChecked is shelve's twin: both keys must be words.
func shelveChecked(s *store, r *http.Request) error {
	shelf, item := r.PathValue("shelf"), r.PathValue("item")
	if !word.MatchString(shelf) || !word.MatchString(item) {
		return nil
	}
	return s.save(shelf, item, nil)
}
