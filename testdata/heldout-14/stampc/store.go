// Package stampc is a small record layer over Azure Tables for a stock-count
// audit service: every record names the table it lives in, is serialized as
// it is and inserted, and the caller wants back what the service stamped on
// it (the ETag and, above all, the Timestamp) to order the counts.
package stampc

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Settings name the account; the key is never part of the code.
type Settings struct {
	Endpoint string
	Account  string
	Key      string
}

func SettingsFromEnv() Settings {
	return Settings{
		Endpoint: os.Getenv("COUNTS_TABLE_ENDPOINT"),
		Account:  os.Getenv("COUNTS_ACCOUNT"),
		Key:      os.Getenv("COUNTS_ACCOUNT_KEY"),
	}
}

type reply struct {
	status int
	etag   string
	date   string
	body   []byte
}

// tap sits in the client's pipeline as its transport and keeps the last
// insert answer per table path: the SDK's AddEntity result only carries the
// ETag, so the time the service gave the row is read from here instead.
type tap struct {
	next policy.Transporter
	mu   sync.Mutex
	last map[string]reply
}

func (t *tap) Do(req *http.Request) (*http.Response, error) {
	resp, err := t.next.Do(req)
	if err != nil || req.Method != http.MethodPost {
		return resp, err
	}
	raw, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(raw))
	t.mu.Lock()
	t.last[strings.TrimSuffix(req.URL.Path, "/")] = reply{
		status: resp.StatusCode,
		etag:   resp.Header.Get("ETag"),
		date:   resp.Header.Get("Date"),
		body:   raw,
	}
	t.mu.Unlock()
	return resp, nil
}

func (t *tap) take(path string) (reply, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	r, ok := t.last[path]
	delete(t.last, path)
	return r, ok
}

// stamped reads the service's time from the captured answer: the Date
// header, which the service sets when it commits the insert.
func (r reply) stamped() (time.Time, bool) {
	if r.date == "" {
		return time.Time{}, false
	}
	t, err := http.ParseTime(r.date)
	return t, err == nil
}

// Store is the record layer: one service client shared by every table.
type Store struct {
	tables *aztables.ServiceClient
	tap    *tap
}

// Open builds the shared-key service client with the tap as its transport.
func Open(s Settings) (*Store, error) {
	if s.Endpoint == "" || s.Account == "" {
		return nil, errors.New("stampc: endpoint and account are required")
	}
	cred, err := aztables.NewSharedKeyCredential(s.Account, s.Key) // S
	if err != nil {
		return nil, err
	}
	t := &tap{next: http.DefaultClient, last: map[string]reply{}}
	opts := &aztables.ClientOptions{}
	opts.Transport = t
	svc, err := aztables.NewServiceClientWithSharedKey(s.Endpoint, cred, opts) // S
	if err != nil {
		return nil, err
	}
	return &Store{tables: svc, tap: t}, nil
}
