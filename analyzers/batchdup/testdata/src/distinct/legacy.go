package distinct

import "github.com/Azure/azure-sdk-for-go/storage"

type shelter struct {
	pens *storage.Table
}

func (s *shelter) catRow(name string) *storage.Entity {
	return s.pens.GetEntityReference("cats", name)
}

// The twins: two cats in one batch; one cat in two batches; one
// reference whose RowKey moves on between its two actions; two batches
// each holding the cat once: silent.
func (s *shelter) pair() error {
	tom := s.catRow("tom")
	kit := s.catRow("kit")
	tx := s.pens.NewBatch()
	tx.InsertEntity(tom)
	tx.InsertEntity(kit)
	return tx.ExecuteBatch()
}

func (s *shelter) rehome() error {
	tom := s.catRow("tom")
	in := s.pens.NewBatch()
	in.InsertOrReplaceEntity(tom, false)
	if err := in.ExecuteBatch(); err != nil {
		return err
	}
	out := s.pens.NewBatch()
	out.DeleteEntity(tom, true)
	return out.ExecuteBatch()
}

func (s *shelter) litter() error {
	pup := s.catRow("a1")
	tx := s.pens.NewBatch()
	tx.InsertEntity(pup)
	pup.RowKey = "a2"
	tx.InsertEntity(pup)
	return tx.ExecuteBatch()
}

func (s *shelter) resend() error {
	tom := s.catRow("tom")
	tx := s.pens.NewBatch()
	tx.InsertOrMergeEntity(tom, false)
	if err := tx.ExecuteBatch(); err != nil {
		return err
	}
	tx.InsertOrMergeEntity(tom, false)
	return tx.ExecuteBatch()
}
