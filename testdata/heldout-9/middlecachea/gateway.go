package middlecachea

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"
)

// memo is the in-process layer in front of the table.
type memo struct {
	mu    sync.RWMutex
	items map[string]memoItem
}

type memoItem struct {
	text    string
	expires time.Time
}

func (m *memo) get(k string) (string, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	it, ok := m.items[k]
	if !ok || time.Now().After(it.expires) {
		return "", false
	}
	return it.text, true
}

func (m *memo) put(k, v string, ttl time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.items == nil {
		m.items = map[string]memoItem{}
	}
	m.items[k] = memoItem{text: v, expires: time.Now().Add(ttl)}
}

// Gateway answers GET /api/{rest...} from memory, then from the table,
// then from the upstream service.
type Gateway struct {
	Store    *RowStore
	Upstream string
	TTL      time.Duration
	mem      memo
}

var forbidden = regexp.MustCompile(`[<>:"/\\|?*=]`)

func scrub(s string) string { return forbidden.ReplaceAllString(s, "_") }

func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw := r.PathValue("rest")
	query := r.URL.Query()
	part := scrub(raw)
	row := part + "_" + scrub(query.Encode())

	if text, ok := g.mem.get(row); ok {
		reply(w, "memory", text)
		return
	}
	if e, err := g.Store.Fetch(r.Context(), part, row); err == nil {
		text, _ := e.Properties["Value"].(string)
		g.mem.put(row, text, g.TTL)
		reply(w, "table", text)
		return
	}

	forward := map[string]string{}
	for name, vals := range r.Header {
		if len(vals) > 0 && strings.HasPrefix(strings.ToLower(name), "x-") {
			forward[name] = vals[0]
		}
	}
	target := fmt.Sprintf("%s/%s?%s", g.Upstream, strings.TrimPrefix(raw, "/"), query.Encode())
	answer, err := callUpstream(target, forward)
	if err != nil {
		http.Error(w, "upstream failed", http.StatusBadGateway)
		return
	}
	doc, err := json.Marshal(answer)
	if err != nil {
		http.Error(w, "bad upstream answer", http.StatusBadGateway)
		return
	}
	props := map[string]any{
		"Value":    string(doc), // L: TL122
		"Upstream": g.Upstream,
	}
	if err := g.Store.Save(r.Context(), part, row, props); err != nil {
		http.Error(w, "table write failed", http.StatusInternalServerError)
		return
	}
	g.mem.put(row, string(doc), g.TTL)
	reply(w, "miss", string(doc))
}

// callUpstream reads the whole answer and decodes it as JSON.
func callUpstream(target string, headers map[string]string) (any, error) {
	req, err := http.NewRequest(http.MethodGet, target, nil)
	if err != nil {
		return nil, err
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("upstream status %d", resp.StatusCode)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	var out any
	if err := json.Unmarshal(body, &out); err != nil {
		return nil, err
	}
	return out, nil
}

func reply(w http.ResponseWriter, status, text string) {
	w.Header().Set("X-Cache-Status", status)
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, text)
}
