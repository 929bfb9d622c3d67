package rosterd

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// fill downloads the list at src, writes one entity per valid line
// (PartitionKey = last name, RowKey = first name, the rest as properties)
// and archives the file.
func (s *Server) fill(ctx context.Context, out *Outcome, src string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.wiped = false

	resp, err := http.Get(src)
	if err != nil {
		out.Message = "download failed"
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		out.Message = "download status " + resp.Status
		return
	}
	if resp.ContentLength > maxInput {
		out.Message = "file too large"
		return
	}
	kind := resp.Header.Get("Content-Type")
	if kind == "" {
		kind = "application/octet-stream"
	}

	merge := &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge}
	var copyOf bytes.Buffer
	lines := bufio.NewScanner(io.TeeReader(resp.Body, &copyOf))
	for lines.Scan() {
		if copyOf.Len() > maxInput {
			out.Message = "file too large"
			return
		}
		words := strings.Fields(lines.Text())
		if len(words) < 2 {
			continue
		}
		person := aztables.EDMEntity{
			Entity: aztables.Entity{
				PartitionKey: words[0], // S
				RowKey:       words[1], // S
			},
			Properties: map[string]any{},
		}
		for _, pair := range words[2:] {
			kv := strings.SplitN(pair, "=", 2)
			if len(kv) != 2 {
				continue
			}
			person.Properties[kv[0]] = kv[1]
		}
		b, err := json.Marshal(person)
		if err != nil {
			continue
		}
		if _, err := s.people.UpsertEntity(ctx, b, merge); err != nil { // S
			continue
		}
	}
	if err := s.archive(ctx, copyOf.Bytes(), kind); err != nil {
		out.Message = "archive failed"
		return
	}
	out.OK, out.Message = true, "loaded"
}

// Load answers POST /load with form field url.
func (s *Server) Load(w http.ResponseWriter, r *http.Request) {
	out := &Outcome{}
	defer answer(w, out)
	raw := r.PostFormValue("url")
	if raw == "" {
		out.Message = "url is empty"
		return
	}
	u, err := url.ParseRequestURI(raw)
	if err != nil {
		out.Message = "url is invalid"
		return
	}
	s.fill(r.Context(), out, u.String())
}
