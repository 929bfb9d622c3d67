// Package legacyfieldsok is legacyfields' silent twin: every caller of
// the method that sets the legacy entity's keys checks them first, and
// the embedded entity's key is checked where it is set.
package legacyfieldsok

import (
	"net/http"
	"regexp"

	"github.com/Azure/azure-sdk-for-go/storage"
)

type store struct{ tbl *storage.Table }

func (s *store) save(shelf, item string, props map[string]interface{}) error {
	b := s.tbl.NewBatch()
	var ent storage.Entity
	ent.Table = s.tbl
	ent.PartitionKey = shelf
	ent.RowKey = item
	ent.Properties = props
	b.InsertOrReplaceEntity(&ent, false)
	return b.ExecuteBatch()
}

type tagged struct {
	storage.Entity
	Note string
}

var word = regexp.MustCompile(`^[a-z]{1,20}$`)

func (s *store) tag(r *http.Request) error {
	tag := r.FormValue("tag")
	if !word.MatchString(tag) {
		return nil
	}
	t := tagged{Note: "n"}
	t.Table = s.tbl
	t.PartitionKey = "tags"
	t.RowKey = tag
	b := s.tbl.NewBatch()
	b.InsertOrMergeEntity(&t.Entity, false)
	return b.ExecuteBatch()
}

func shelve(s *store, r *http.Request) error {
	shelf, item := r.PathValue("shelf"), r.PathValue("item")
	if !word.MatchString(shelf) || !word.MatchString(item) {
		return nil
	}
	return s.save(shelf, item, nil)
}

func shelveAgain(s *store, r *http.Request) error {
	shelf, item := r.PathValue("shelf"), r.PathValue("item")
	if !word.MatchString(shelf) {
		return nil
	}
	if !word.MatchString(item) {
		return nil
	}
	return s.save(shelf, item, nil)
}
