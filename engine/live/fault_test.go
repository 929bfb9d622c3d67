package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/internal/tracefmt"
)

// fakeService is a Table endpoint on 127.0.0.1 that answers table
// creation, listing and deletion, and does what mode says with every
// other request: "hang" (never answer), "drop" (close the connection),
// "403" (answer 403).
type fakeService struct {
	*httptest.Server
	requests atomic.Int64
	mu       sync.Mutex
	deleted  []string
}

func newFakeService(t *testing.T, mode func(r *http.Request) string) *fakeService {
	t.Helper()
	f := &fakeService{}
	done := make(chan struct{})
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.requests.Add(1)
		p := r.URL.Path
		switch {
		case r.Method == http.MethodPost && strings.HasSuffix(p, "/Tables"):
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNoContent)
			return
		case r.Method == http.MethodGet && strings.HasSuffix(p, "/Tables"):
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"value":[]}`)
			return
		case r.Method == http.MethodDelete && strings.Contains(p, "/Tables("):
			f.mu.Lock()
			f.deleted = append(f.deleted, p)
			f.mu.Unlock()
			w.WriteHeader(http.StatusNoContent)
			return
		}
		switch mode(r) {
		case "hang":
			select {
			case <-r.Context().Done():
			case <-done:
			}
		case "drop":
			c, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				c.Close()
			}
		case "404":
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"odata.error":{"code":"ResourceNotFound","message":{"value":"not found"}}}`)
		default:
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, `{"odata.error":{"code":"AuthorizationFailure","message":{"value":"no"}}}`)
		}
	}))
	t.Cleanup(func() { close(done); f.Close() })
	return f
}

func (f *fakeService) client(t *testing.T) *aztables.ServiceClient {
	t.Helper()
	svc, err := NewClient(f.URL+"/devstoreaccount1", "UseDevelopmentStorage=true")
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

func gets(table string, pks ...string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"op":"createTable","table":%q}`+"\n", table)
	for _, pk := range pks {
		fmt.Fprintf(&b, `{"op":"get","table":%q,"pk":%q,"rk":"1"}`+"\n", table, pk)
	}
	return b.Bytes()
}

// TestLiveRefusesInvalidTableNames: a trace table name that is not a
// table name is refused before any request, with or without scratch
// tables ("Victim()" would address the table Victim).
func TestLiveRefusesInvalidTableNames(t *testing.T) {
	for _, name := range []string{"Victim()", "Victim(PartitionKey='Sales',RowKey='000123')", "Or-ders", "ab", "tables", "Vic\x00tim"} {
		for _, scratch := range []bool{false, true} {
			f := newFakeService(t, func(*http.Request) string { return "403" })
			jn, _ := json.Marshal(name)
			tr := fmt.Sprintf(`{"op":"delete","table":%s,"pk":"Sales","rk":"000123"}`+"\n", jn)
			_, err := Run(context.Background(), f.client(t), tracefmt.NewReader(strings.NewReader(tr), "t"), Options{Scratch: scratch})
			if err == nil || !strings.Contains(err.Error(), "trace line 1: table name") || strings.Contains(err.Error(), "\x00") {
				t.Errorf("%q (scratch %v): %v, want a refusal naming the line", name, scratch, err)
			}
			if n := f.requests.Load(); n != 0 {
				t.Errorf("%q (scratch %v): %d requests sent", name, scratch, n)
			}
		}
	}
}

// TestScratchNamesDistinct: trace names that reduce to one scratch name
// (punctuation dropped, or long names cut to fit the suffix) get
// distinct ones.
func TestScratchNamesDistinct(t *testing.T) {
	used := map[string]bool{}
	long := strings.Repeat("A", 60)
	var got []string
	for _, n := range []string{"Orders", "Or-ders", "orders2", long + "x", long + "y"} {
		s := scratchName(n, "tl0000abcd", used)
		if used[strings.ToLower(s)] || !limits.ValidTableName(s) {
			t.Errorf("scratchName(%q) = %q: taken or invalid (%v)", n, s, got)
		}
		used[strings.ToLower(s)] = true
		got = append(got, s)
	}
}

// TestLiveHangingEndpoint: an endpoint that accepts connections and never
// answers ends the run in seconds: each operation is bounded by Timeout,
// and after limits.LiveMaxNoAnswer in a row the run stops, naming the
// cause; the scratch table is still deleted.
func TestLiveHangingEndpoint(t *testing.T) {
	f := newFakeService(t, func(*http.Request) string { return "hang" })
	pks := make([]string, 40)
	for i := range pks {
		pks[i] = fmt.Sprint("p", i)
	}
	start := time.Now()
	rep, err := Run(context.Background(), f.client(t), tracefmt.NewReader(bytes.NewReader(gets("Orders", pks...)), "t"),
		Options{Scratch: true, Concurrency: 1, Timeout: 200 * time.Millisecond})
	var na *NoAnswerError
	if !errors.As(err, &na) || na.N != limits.LiveMaxNoAnswer {
		t.Fatalf("Run = %v, want a NoAnswerError after %d operations", err, limits.LiveMaxNoAnswer)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
	if rep == nil || rep.Operations > limits.LiveMaxNoAnswer+2 {
		t.Errorf("report %+v: the run went on", rep)
	}
	if len(f.deleted) != 1 || len(rep.CleanupErrors) != 0 {
		t.Errorf("scratch tables deleted: %v, cleanup errors %v", f.deleted, rep.CleanupErrors)
	}
}

// TestLiveDroppedConnections: some operations' connections are dropped;
// the others answer. The run completes, and the report counts the
// operations without an answer and names the first one's error.
func TestLiveDroppedConnections(t *testing.T) {
	f := newFakeService(t, func(r *http.Request) string {
		if strings.Contains(r.URL.Path, "drop") {
			return "drop"
		}
		return "404"
	})
	tr := gets("Orders", "drop", "ok", "drop", "ok", "drop", "ok")
	rep, err := Run(context.Background(), f.client(t), tracefmt.NewReader(bytes.NewReader(tr), "t"),
		Options{Scratch: true, Concurrency: 2, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if rep.NoAnswer != 3 || rep.Statuses[0] != 3 || rep.Statuses[404] != 3 || !strings.Contains(rep.FirstNoAnswer, "EOF") {
		t.Errorf("no answer %d (%q), statuses %v; want 3 counted and the cause named", rep.NoAnswer, rep.FirstNoAnswer, rep.Statuses)
	}
}

// TestLiveAllDropped: every connection dropped: the run stops after
// limits.LiveMaxNoAnswer operations, not after each one's retries.
func TestLiveAllDropped(t *testing.T) {
	f := newFakeService(t, func(*http.Request) string { return "drop" })
	pks := make([]string, 100)
	for i := range pks {
		pks[i] = fmt.Sprint("p", i)
	}
	start := time.Now()
	_, err := Run(context.Background(), f.client(t), tracefmt.NewReader(bytes.NewReader(gets("Orders", pks...)), "t"),
		Options{Scratch: true, Concurrency: 8, Timeout: 5 * time.Second})
	var na *NoAnswerError
	if !errors.As(err, &na) || !strings.Contains(err.Error(), "EOF") {
		t.Fatalf("Run = %v, want a NoAnswerError naming the transport error", err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("took %v", d)
	}
}

// TestLiveCleanupFailureReported: a scratch table that cannot be deleted
// is reported.
func TestLiveCleanupFailureReported(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.Method == http.MethodPost:
			w.WriteHeader(http.StatusNoContent)
		case r.Method == http.MethodGet:
			fmt.Fprint(w, `{"value":[]}`)
		default:
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, `{"odata.error":{"code":"AuthorizationFailure","message":{"value":"no"}}}`)
		}
	}))
	defer srv.Close()
	svc, _ := NewClient(srv.URL+"/devstoreaccount1", "UseDevelopmentStorage=true")
	rep, err := Run(context.Background(), svc, tracefmt.NewReader(bytes.NewReader(gets("Orders")), "t"), Options{Scratch: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.CleanupErrors) != 1 || !strings.Contains(rep.CleanupErrors[0], "Orderstl") {
		t.Errorf("cleanup errors %q, want the scratch table named", rep.CleanupErrors)
	}
}

func TestOptionsCheck(t *testing.T) {
	for _, o := range []Options{
		{Concurrency: 5000000}, {Concurrency: 1, Rate: 1e-10}, {Concurrency: 1, Rate: nan()},
		{Concurrency: 1, Rate: 1e300}, {Concurrency: 1, Rate: -1}, {Concurrency: 1, Timeout: time.Hour},
	} {
		if o.Check() == "" {
			t.Errorf("%+v accepted", o)
		}
	}
	if msg := (&Options{Concurrency: 8, Rate: 1000}).Check(); msg != "" {
		t.Error(msg)
	}
}

func nan() float64 { z := 0.0; return z / z }

// FuzzScratchName: scratch names are valid table names, never shared by
// two trace names.
func FuzzScratchName(f *testing.F) {
	f.Add("Orders", "Or-ders", "orders")
	f.Add(strings.Repeat("A", 60)+"x", strings.Repeat("A", 60)+"y", "9lives")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		used := map[string]bool{}
		for _, n := range []string{a, b, c} {
			s := scratchName(n, "tl0000abcd", used)
			if used[strings.ToLower(s)] || !limits.ValidTableName(s) {
				t.Fatalf("scratchName(%q) = %q: taken or invalid", n, s)
			}
			used[strings.ToLower(s)] = true
		}
	})
}

// FuzzRedactor: a connection string's SAS signature and account key
// never survive in a message that quotes them, plain or URL-encoded.
func FuzzRedactor(f *testing.F) {
	f.Add("c2VjcmV0U0lH+/=", "QWNjb3VudEtleQ==", `Get "https://a.table.core.windows.net/Tables?sv=1&sig=%s": dial tcp: refused (key %s)`)
	f.Fuzz(func(t *testing.T, sig, key, msg string) {
		if len(sig) < 4 || len(key) < 4 || strings.ContainsAny(sig+key, ";&= \t\r\n") || strings.Count(msg, "%s") != 2 {
			return
		}
		red := Redactor("AccountName=a;AccountKey=" + key + ";SharedAccessSignature=sv=1&sig=" + url.QueryEscape(sig))
		for _, form := range []func(string) string{func(s string) string { return s }, url.QueryEscape, url.PathEscape} {
			out := red(fmt.Sprintf(msg, form(sig), form(key)))
			for _, secret := range []string{sig, key, url.QueryEscape(sig), url.QueryEscape(key)} {
				if strings.Contains(out, secret) && !strings.Contains(msg, secret) {
					t.Fatalf("%q survives in %q", secret, out)
				}
			}
		}
	})
}
