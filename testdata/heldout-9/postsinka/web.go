package postsinka

import (
	"io"
	"net/http"
	"regexp"
	"sort"
)

// Handler serves PUT /posts/{author}/{id}: the body is the post.
type Handler struct{ Sink *Sink }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	fields := map[string]interface{}{
		"Body": string(raw), // L: TL122
	}
	if err := h.Sink.Put(r.PathValue("author"), r.PathValue("id"), fields); err != nil {
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

var slug = regexp.MustCompile(`^[a-z0-9-]{1,64}$`)

// Checked is the handler's twin: both keys must be slugs and the body at
// most 16 KiB.
func (h *Handler) Checked(w http.ResponseWriter, r *http.Request) {
	author, id := r.PathValue("author"), r.PathValue("id")
	if !slug.MatchString(author) || !slug.MatchString(id) {
		http.Error(w, "bad key", http.StatusBadRequest)
		return
	}
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 16<<10))
	if err != nil {
		http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
		return
	}
	fields := map[string]interface{}{
		"Body": string(raw), // S
	}
	if err := h.Sink.Put(author, id, fields); err != nil { // S
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Post is one post of an import file.
type Post struct {
	Author string `json:"author"`
	ID     string `json:"id"`
	Title  string `json:"title"`
}

// Import writes every post of a decoded import file in one batch.
func (s *Sink) Import(posts []Post) error {
	t := s.acct.GetTableService()
	tbl := t.GetTableReference("posts")
	b := tbl.NewBatch()
	for _, p := range posts {
		e := tbl.GetEntityReference(p.Author, p.ID)
		e.Properties = map[string]interface{}{"Title": p.Title}
		b.InsertOrMergeEntity(e, false)
	}
	return b.ExecuteBatch() // L: TL401 TL403
}

// ImportGrouped is Import's twin: one batch per author, at most 100 posts
// each.
func (s *Sink) ImportGrouped(posts []Post) error {
	t := s.acct.GetTableService()
	tbl := t.GetTableReference("posts")
	byAuthor := map[string][]Post{}
	for _, p := range posts {
		byAuthor[p.Author] = append(byAuthor[p.Author], p)
	}
	authors := make([]string, 0, len(byAuthor))
	for a := range byAuthor {
		authors = append(authors, a)
	}
	sort.Strings(authors)
	for _, a := range authors {
		group := byAuthor[a]
		for start := 0; start < len(group); start += 100 {
			end := min(start+100, len(group))
			b := tbl.NewBatch()
			for _, p := range group[start:end] {
				e := tbl.GetEntityReference(a, p.ID)
				e.Properties = map[string]interface{}{"Title": p.Title}
				b.InsertOrMergeEntity(e, false)
			}
			if err := b.ExecuteBatch(); err != nil { // S
				return err
			}
		}
	}
	return nil
}
