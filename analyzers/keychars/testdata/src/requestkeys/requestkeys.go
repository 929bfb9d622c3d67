package requestkeys

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

type Note struct {
	PartitionKey string
	RowKey       string
	Text         string
}

type server struct{ c *aztables.Client }

// The path of the request made the key: it holds a "/" at least.
func (s *server) byPath(w http.ResponseWriter, r *http.Request) {
	_, _ = s.c.GetEntity(r.Context(), "notes", r.URL.Path, nil) // want `TL201: RowKey comes from the request \(r.URL.Path\) unchecked`
}

// A form value through a helper that writes the entity.
func (s *server) create(w http.ResponseWriter, r *http.Request) {
	owner := r.FormValue("owner")
	_ = s.save(r.Context(), owner, r.FormValue("text"))
}

func (s *server) save(ctx context.Context, owner, text string) error {
	b, _ := json.Marshal(Note{PartitionKey: owner, RowKey: uuid.New().String(), Text: text}) // want `TL201: PartitionKey comes from the request \(r.FormValue, passed at line 32\) unchecked`
	_, err := s.c.AddEntity(ctx, b, nil)
	return err
}

// A path segment.
func (s *server) segment(w http.ResponseWriter, r *http.Request) {
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/notes/"), "/")
	n := Note{PartitionKey: "notes", RowKey: parts[0]} // want `TL201: RowKey comes from the request`
	b, _ := json.Marshal(n)
	_, _ = s.c.UpsertEntity(r.Context(), b, nil)
}

// A JSON-decoded request model and a query parameter.
type createReq struct {
	Board string `json:"board"`
	Text  string `json:"text"`
}

func (s *server) decoded(w http.ResponseWriter, r *http.Request) {
	var req createReq
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return
	}
	e := map[string]any{"PartitionKey": req.Board, "RowKey": r.URL.Query().Get("id"), "Text": req.Text} // want `TL201: PartitionKey comes from the request \(body.Board\)` `TL201: RowKey comes from the request \(r.URL.Query\(\).Get\)`
	b, _ := json.Marshal(e)
	_, _ = s.c.AddEntity(r.Context(), b, nil)
	// Through a struct and an interface the package implements.
	var st store = &tableStore{c: s.c}
	_ = st.Put(r.Context(), item{Owner: r.Header.Get("X-Owner"), ID: "1"})
}

type item struct{ Owner, ID string }

type store interface {
	Put(ctx context.Context, it item) error
}

type tableStore struct{ c *aztables.Client }

func (t *tableStore) Put(ctx context.Context, it item) error {
	b, _ := json.Marshal(map[string]any{"PartitionKey": it.Owner, "RowKey": it.ID}) // want `TL201: PartitionKey comes from the request \(r.Header.Get, passed at line \d+\)`
	_, err := t.c.AddEntity(ctx, b, nil)
	return err
}

func (s *server) unused(r *http.Request) {
	var req createReq
	e := map[string]any{"PartitionKey": "x", "RowKey": "1", "Text": req.Text}
	b, _ := json.Marshal(e)
	_, _ = s.c.AddEntity(r.Context(), b, nil)
}

var boardRe = regexp.MustCompile(`^[a-z0-9-]{1,40}$`)

// Silent: validated, escaped, parsed, replaced, UUIDs.
func (s *server) checked(w http.ResponseWriter, r *http.Request) {
	board := r.FormValue("board")
	if !boardRe.MatchString(board) {
		http.Error(w, "bad board", http.StatusBadRequest)
		return
	}
	_, _ = s.c.GetEntity(r.Context(), board, url.PathEscape(r.FormValue("id")), nil)
	_, _ = s.c.GetEntity(r.Context(), "boards", r.PostForm.Get("board"), nil) // want `TL201: RowKey comes from the request \(r.PostForm.Get\)`
	n, err := strconv.Atoi(r.URL.Query().Get("n"))
	if err != nil {
		return
	}
	_, _ = s.c.DeleteEntity(r.Context(), strings.ReplaceAll(r.FormValue("p"), "/", "_"), strconv.Itoa(n), nil)
	id, err := uuid.Parse(r.PathValue("id"))
	if err != nil {
		return
	}
	_, _ = s.c.GetEntity(r.Context(), "notes", id.String(), nil)
}

// Silent: a request value in a property that is not a key.
func (s *server) property(w http.ResponseWriter, r *http.Request) {
	b, _ := json.Marshal(Note{PartitionKey: "notes", RowKey: "1", Text: r.URL.Path})
	_, _ = s.c.AddEntity(r.Context(), b, nil)
}

// Both keys from the request: each is reported on its own.
func (s *server) byBoardAndCard(w http.ResponseWriter, r *http.Request) {
	_, _ = s.c.GetEntity(r.Context(), r.FormValue("board"), r.FormValue("card"), nil) // want `TL201: PartitionKey comes from the request \(r.FormValue\)` `TL201: RowKey comes from the request \(r.FormValue\)`
}

// Silent: only the RowKey is escaped, and the PartitionKey is constant;
// one key from the request, escaped, is not reported for the other.
func (s *server) byCardEscaped(w http.ResponseWriter, r *http.Request) {
	_, _ = s.c.DeleteEntity(r.Context(), "cards", url.PathEscape(r.FormValue("card")), nil)
}

// boardName refuses a board name holding a character keys cannot.
func boardName(s string) bool {
	return s != "" && !strings.ContainsAny(s, `/\#?`)
}

// A field of the decoded body checked by a helper of the package before
// it becomes the key: the check reads the field, the key reads it again.
func (s *server) decodedChecked(w http.ResponseWriter, r *http.Request) {
	var req createReq
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return
	}
	if !boardName(req.Board) {
		return
	}
	b, _ := json.Marshal(map[string]any{"PartitionKey": req.Board, "RowKey": "settings"})
	_, _ = s.c.AddEntity(r.Context(), b, nil)
}

// Its twin checks another field: the key's field stays unchecked.
func (s *server) decodedCheckedOther(w http.ResponseWriter, r *http.Request) {
	var req createReq
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return
	}
	if !boardName(req.Text) {
		return
	}
	b, _ := json.Marshal(map[string]any{"PartitionKey": req.Board, "RowKey": "settings"}) // want `TL201: PartitionKey comes from the request \(body.Board\)`
	_, _ = s.c.AddEntity(r.Context(), b, nil)
}
