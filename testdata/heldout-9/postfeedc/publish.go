package postfeedc

import "time"

// Draft is a post waiting to be published.
type Draft struct {
	ID     string
	Title  string
	Body   string
	Hidden bool
}

// Reader follows an author and gets new posts in an inbox.
type Reader struct {
	ID    string
	Since time.Time
}

func draftFields(d Draft) map[string]interface{} {
	return map[string]interface{}{"Title": d.Title, "Body": d.Body, "Hidden": d.Hidden}
}

// PublishAll sends every draft of an author in one batch.
func (f *Feed) PublishAll(author string, drafts []Draft) error {
	posts := f.table("posts")
	batch := posts.NewBatch()
	for _, d := range drafts {
		row := posts.GetEntityReference(author, d.ID)
		row.Properties = draftFields(d)
		batch.InsertOrMergeEntity(row, false)
	}
	return batch.ExecuteBatch() // L: TL401
}

// PublishInChunks sends the drafts a hundred to a batch.
func (f *Feed) PublishInChunks(author string, drafts []Draft) error {
	posts := f.table("posts")
	batch := posts.NewBatch()
	pending := 0
	for _, d := range drafts {
		row := posts.GetEntityReference(author, d.ID)
		row.Properties = draftFields(d)
		batch.InsertOrMergeEntity(row, false)
		pending++
		if pending == 100 {
			if err := batch.ExecuteBatch(); err != nil { // S
				return err
			}
			batch = posts.NewBatch()
			pending = 0
		}
	}
	if pending > 0 {
		return batch.ExecuteBatch() // S
	}
	return nil
}

// ShareWith copies a new post's title into the inbox of every reader, all
// in one batch.
func (f *Feed) ShareWith(author string, d Draft, readers []Reader) error {
	inbox := f.table("inbox")
	batch := inbox.NewBatch()
	for _, r := range readers {
		row := inbox.GetEntityReference("reader-"+r.ID, author+"-"+d.ID)
		row.Properties = map[string]interface{}{"Title": d.Title, "Author": author}
		batch.InsertOrReplaceEntity(row, false)
	}
	return batch.ExecuteBatch() // L: TL401 TL403
}

// ShareEach writes the inbox rows one by one, each in its reader's partition.
func (f *Feed) ShareEach(author string, d Draft, readers []Reader) error {
	inbox := f.table("inbox")
	for _, r := range readers {
		row := inbox.GetEntityReference("reader-"+r.ID, author+"-"+d.ID)
		row.Properties = map[string]interface{}{"Title": d.Title, "Author": author}
		if err := row.InsertOrReplace(nil); err != nil { // S
			return err
		}
	}
	return nil
}
