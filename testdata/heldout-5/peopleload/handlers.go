package peopleload

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Load fetches the file named by the form's url field and ingests it.
func (d *Directory) Load(w http.ResponseWriter, r *http.Request) {
	u, err := url.ParseRequestURI(r.PostFormValue("url"))
	if err != nil {
		write(w, reply{Msg: "url is invalid"})
		return
	}
	resp, err := http.Get(u.String())
	if err != nil || resp.StatusCode != http.StatusOK {
		write(w, reply{Msg: "download failed"})
		return
	}
	defer resp.Body.Close()
	n, err := d.ingest(r.Context(), resp.Body)
	if err != nil {
		write(w, reply{Msg: err.Error()})
		return
	}
	write(w, reply{OK: true, Msg: strings.Repeat("+", n%10)})
}

// Query answers /q?first=…&last=….
func (d *Directory) Query(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	lines, err := d.lookup(r.Context(), q.Get("first"), q.Get("last"))
	if err != nil {
		write(w, reply{Msg: err.Error()})
		return
	}
	write(w, reply{OK: true, Lines: lines})
}

// Remove (added) deletes one person named in the path, as sent.
func (d *Directory) Remove(w http.ResponseWriter, r *http.Request) {
	_, err := d.table.DeleteEntity(r.Context(),
		r.PathValue("last"),  // L: TL201
		r.PathValue("first"), // L: TL201
		nil)
	if err != nil {
		write(w, reply{Msg: err.Error()})
		return
	}
	write(w, reply{OK: true})
}

var errBadName = errors.New("a name may not hold / \\ # ? or control characters")

func checkName(s string) (string, error) {
	if s == "" || strings.ContainsAny(s, "/\\#?") || strings.IndexFunc(s, func(c rune) bool { return c < 0x20 || (c >= 0x7f && c <= 0x9f) }) >= 0 {
		return "", errBadName
	}
	return s, nil
}

// Annotate (added) stores a free-text note on a person, checked names first.
func (d *Directory) Annotate(w http.ResponseWriter, r *http.Request) {
	last, err := checkName(r.PathValue("last"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	first, err := checkName(r.PathValue("first"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	body, _ := io.ReadAll(r.Body)
	e := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: last, // S
			RowKey:       first,
		},
		Properties: map[string]any{"Note": string(body)}, // L: TL122
	}
	b, _ := json.Marshal(e)
	_, err = d.table.UpsertEntity(r.Context(), b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge})
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Caption (added) is Annotate's bounded twin: the note is refused above 32 K characters.
func (d *Directory) Caption(w http.ResponseWriter, r *http.Request) {
	last, err := checkName(r.PathValue("last"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<10))
	if len(body) > 32*1024 {
		http.Error(w, "caption too long", http.StatusRequestEntityTooLarge)
		return
	}
	e := aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: last, RowKey: "caption"},
		Properties: map[string]any{"Caption": string(body)}, // S
	}
	b, _ := json.Marshal(e)
	_, _ = d.table.UpsertEntity(r.Context(), b, nil)
}
