package trace

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/internal/tracefmt"
)

// selectTransport answers as the Table service does: a table and two
// inserts succeed, and a query answers its two entities — with their
// keys, unless $select leaves them out (the service returns only the
// properties selected).
type selectTransport struct{}

func (selectTransport) Do(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		_, _ = io.Copy(io.Discard, req.Body)
	}
	status, body := http.StatusNoContent, ""
	if req.Method == http.MethodGet {
		status = http.StatusOK
		sel := req.URL.Query().Get("$select")
		e := func(rk, total string) string {
			if sel == "" || strings.Contains(sel, "RowKey") && strings.Contains(sel, "PartitionKey") {
				return `{"odata.etag":"W/\"x\"","PartitionKey":"p","RowKey":"` + rk + `","Total":` + total + `}`
			}
			return `{"odata.etag":"W/\"x\"","Total":` + total + `}`
		}
		body = `{"value":[` + e("1", "3") + `,` + e("2", "5") + `]}`
	}
	return &http.Response{StatusCode: status, Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(strings.NewReader(body)), Request: req}, nil
}

// TestSelectKeys: a query whose $select leaves the keys out answers
// entities without them. The recorder cannot know their keys (it never
// changes a request), so it writes how many entities came back
// ("returned") instead of keys it does not have, and trace compare
// checks that count against the replay's keys: a recorded run and its
// replay match, and a replay returning another number of entities does
// not.
func TestSelectKeys(t *testing.T) {
	var tr, res bytes.Buffer
	rec := New(&tr, Options{Results: &res})
	opts := &aztables.ClientOptions{ClientOptions: azcore.ClientOptions{Transport: selectTransport{}, Retry: policy.RetryOptions{MaxRetries: -1}}}
	opts.PerCallPolicies = []policy.Policy{rec}
	c, err := aztables.NewClientWithNoCredential("http://127.0.0.1:1/devstoreaccount1/Carts", opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, rk := range []string{"1", "2"} {
		if _, err := c.AddEntity(ctx, []byte(`{"PartitionKey":"p","RowKey":"`+rk+`","Total":3}`), nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, sel := range []string{"Total", "PartitionKey,RowKey,Total", ""} {
		f := "PartitionKey eq 'p'"
		o := &aztables.ListEntitiesOptions{Filter: &f}
		if sel != "" {
			o.Select = &sel
		}
		if _, err := c.NewListEntitiesPager(o).NextPage(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.String(), `{"i":2,"status":200,`) || !strings.Contains(res.String(), `"returned":2}`) || strings.Contains(res.String(), `["",""]`) {
		t.Errorf("results:\n%s", res.String())
	}
	// Replay the recorded trace on the engine, after the table it uses.
	var replayed bytes.Buffer
	full := `{"op":"createTable","table":"Carts"}` + "\n" + tr.String()
	if _, err := replay.Run(tracefmt.NewReader(strings.NewReader(full), "recorded"), replay.NewEngine(replay.EngineOptions{Keys: true}), replay.Options{Duration: 1, Results: &replayed}); err != nil {
		t.Fatal(err)
	}
	a, err := ReadResults(&res, "recorded")
	if err != nil {
		t.Fatal(err)
	}
	b, err := ReadResults(shift(t, replayed.Bytes()), "replayed")
	if err != nil {
		t.Fatal(err)
	}
	if ms := Compare(a, b); len(ms) != 0 {
		t.Errorf("recorded and replayed differ: %v\n%s\n%s", ms, res.String(), replayed.String())
	}
	// Three entities where two were returned is a difference.
	three := 3
	a[2].Returned = &three
	if ms := Compare(a, b); len(ms) != 1 || !strings.Contains(ms[0].String(), "operation 2: 3 entities vs 2") {
		t.Errorf("count not compared: %v", ms)
	}
}

// shift drops the result of the createTable put before the recorded
// trace and renumbers the others from 0.
func shift(t *testing.T, res []byte) io.Reader {
	t.Helper()
	rs, err := ReadResults(bytes.NewReader(res), "replayed")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	for _, r := range rs[1:] {
		r.I--
		b, _ := json.Marshal(r)
		out.Write(b)
		out.WriteByte('\n')
	}
	return &out
}
