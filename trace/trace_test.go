package trace

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"github.com/tablelint/tablelint/internal/tablerest"
	"github.com/tablelint/tablelint/internal/tracefmt"
)

// fakeTransport answers every request as the service would a success,
// without a network: 204 to writes, one entity to a get, an empty page
// to a query.
type fakeTransport struct{ n int }

func (f *fakeTransport) Do(req *http.Request) (*http.Response, error) {
	f.n++
	if req.Body != nil {
		_, _ = io.Copy(io.Discard, req.Body)
	}
	h := http.Header{"Content-Type": {"application/json"}}
	status, body := http.StatusNoContent, ""
	if req.Method == http.MethodGet {
		status = http.StatusOK
		if strings.Contains(req.URL.Path, "RowKey") {
			body = `{"PartitionKey":"p","RowKey":"r","Age":3}`
		} else {
			body = `{"value":[]}`
		}
	}
	return &http.Response{StatusCode: status, Header: h, Body: io.NopCloser(strings.NewReader(body)), Request: req}, nil
}

func fakeClient(tb testing.TB, rec *Recorder, tr *fakeTransport) *aztables.Client {
	opts := &aztables.ClientOptions{ClientOptions: azcore.ClientOptions{Transport: tr, Retry: policy.RetryOptions{MaxRetries: -1}}}
	if rec != nil {
		opts.PerCallPolicies = []policy.Policy{rec}
	}
	c, err := aztables.NewClientWithNoCredential("http://127.0.0.1:1/devstoreaccount1/T", opts)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestWriteFailure checks that a trace that cannot be written changes
// nothing for the application: every request succeeds, the error is
// reported once.
func TestWriteFailure(t *testing.T) {
	var reported []error
	rec := New(failWriter{}, Options{OnError: func(err error) { reported = append(reported, err) }})
	rec.w = bufio.NewWriterSize(failWriter{}, 16) // fail on the first line
	tr := &fakeTransport{}
	c := fakeClient(t, rec, tr)
	for i := range 5 {
		if _, err := c.UpsertEntity(context.Background(), []byte(fmt.Sprintf(`{"PartitionKey":"p","RowKey":"%d"}`, i)), nil); err != nil {
			t.Fatalf("request %d failed with recording on: %v", i, err)
		}
	}
	if tr.n != 5 {
		t.Errorf("transport saw %d requests, want 5", tr.n)
	}
	if len(reported) != 1 || rec.Err() == nil {
		t.Errorf("OnError called %d times (err %v), want once", len(reported), rec.Err())
	}
	if st := rec.Stats(); st.Recorded != 0 || st.Dropped != 4 {
		t.Errorf("stats %+v, want 0 recorded and 4 dropped", st)
	}
}

// TestSizeCapAndSampling checks MaxBytes and Sample.
func TestSizeCapAndSampling(t *testing.T) {
	var buf bytes.Buffer
	rec := New(&buf, Options{MaxBytes: 1000})
	c := fakeClient(t, rec, &fakeTransport{})
	for i := range 50 {
		_, _ = c.UpsertEntity(context.Background(), []byte(fmt.Sprintf(`{"PartitionKey":"p","RowKey":"%d"}`, i)), nil)
	}
	_ = rec.Close()
	if buf.Len() > 1000 || buf.Len() < 900 {
		t.Errorf("trace is %d bytes, want at most (and close to) 1000", buf.Len())
	}
	if st := rec.Stats(); st.Recorded+st.Dropped != 50 || st.Dropped == 0 {
		t.Errorf("stats %+v", st)
	}
	checkTrace(t, buf.Bytes())

	buf.Reset()
	rec = New(&buf, Options{Sample: 0.25})
	c = fakeClient(t, rec, &fakeTransport{})
	parts := map[string]bool{}
	for i := range 400 {
		pk := fmt.Sprintf("p%d", i%40)
		_, _ = c.UpsertEntity(context.Background(), []byte(fmt.Sprintf(`{"PartitionKey":"%s","RowKey":"%d"}`, pk, i)), nil)
		_, _ = c.GetEntity(context.Background(), pk, "x", nil)
	}
	_ = rec.Close()
	ops := checkTrace(t, buf.Bytes())
	for _, op := range ops {
		pk := op.PK
		if op.Kind == tracefmt.Upsert {
			pk = tablerest.EntityKeys(op.Entity)[0]
		}
		parts[pk] = true
	}
	// Every operation of a sampled partition is kept: 20 per partition.
	if st := rec.Stats(); len(parts) < 4 || len(parts) > 18 || int(st.Recorded) != 20*len(parts) {
		t.Errorf("sampled %d of 40 partitions, %+v", len(parts), st)
	}
}

func checkTrace(t *testing.T, b []byte) []tracefmt.Op {
	t.Helper()
	var ops []tracefmt.Op
	r := tracefmt.NewReader(bytes.NewReader(b), "trace")
	for {
		var op tracefmt.Op
		err := r.Next(&op)
		if errors.Is(err, io.EOF) {
			return ops
		}
		if err != nil {
			t.Fatal(err)
		}
		ops = append(ops, op)
	}
}

// BenchmarkRecord measures the client-side time of an upsert and of a
// get through the SDK with a fake transport, without and with the
// recorder (writing to io.Discard): the difference is what recording
// adds to a request.
func BenchmarkRecord(b *testing.B) {
	entity := []byte(`{"PartitionKey":"Sales","RowKey":"000123","Name":"Ada Lovelace","Age":36,"Big":"9","Big@odata.type":"Edm.Int64","Note":"` + strings.Repeat("n", 400) + `"}`)
	for _, mode := range []string{"off", "on", "redact+results"} {
		var rec *Recorder
		switch mode {
		case "on":
			rec = New(io.Discard, Options{MaxBytes: 1 << 62})
		case "redact+results":
			rec = New(io.Discard, Options{MaxBytes: 1 << 62, Redact: true, Results: io.Discard})
		}
		c := fakeClient(b, rec, &fakeTransport{})
		b.Run("upsert/"+mode, func(b *testing.B) {
			for b.Loop() {
				if _, err := c.UpsertEntity(context.Background(), entity, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("get/"+mode, func(b *testing.B) {
			for b.Loop() {
				if _, err := c.GetEntity(context.Background(), "Sales", "000123", nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRecordOverhead measures what recording adds to a request's
// client-side time on a loaded machine: each iteration runs the same
// operation through a client without and a client with the recorder,
// alternately, so that load changes hit both alike; the metric is the
// median over blocks of 500 pairs of (time with − time without) / time
// without, in percent.
func BenchmarkRecordOverhead(b *testing.B) {
	entity := []byte(`{"PartitionKey":"Sales","RowKey":"000123","Name":"Ada Lovelace","Age":36,"Big":"9","Big@odata.type":"Edm.Int64","Note":"` + strings.Repeat("n", 400) + `"}`)
	ops := map[string]func(c *aztables.Client) error{
		"upsert": func(c *aztables.Client) error {
			_, err := c.UpsertEntity(context.Background(), entity, nil)
			return err
		},
		"get": func(c *aztables.Client) error {
			_, err := c.GetEntity(context.Background(), "Sales", "000123", nil)
			return err
		},
		"query": func(c *aztables.Client) error {
			f := "PartitionKey eq 'Sales' and Age gt 30"
			p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
			_, err := p.NextPage(context.Background())
			return err
		},
	}
	for _, name := range []string{"upsert", "get", "query"} {
		do := ops[name]
		b.Run(name, func(b *testing.B) {
			off := fakeClient(b, nil, &fakeTransport{})
			on := fakeClient(b, New(io.Discard, Options{MaxBytes: 1 << 62}), &fakeTransport{})
			var ratios []float64
			var tOff, tOn time.Duration
			n := 0
			for b.Loop() {
				t0 := time.Now()
				if err := do(off); err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				if err := do(on); err != nil {
					b.Fatal(err)
				}
				tOff += t1.Sub(t0)
				tOn += time.Since(t1)
				if n++; n == 500 {
					ratios = append(ratios, 100*float64(tOn-tOff)/float64(tOff))
					tOff, tOn, n = 0, 0, 0
				}
			}
			if len(ratios) > 0 {
				slices.Sort(ratios)
				b.ReportMetric(ratios[len(ratios)/2], "overhead-%")
			}
		})
	}
}

// BenchmarkRecorderPolicy measures the recorder alone: an azcore
// pipeline of the recorder and a transport that answers at once, minus
// the same pipeline without the recorder (see ns/op of "without").
func BenchmarkRecorderPolicy(b *testing.B) {
	for _, with := range []bool{false, true} {
		name := "without"
		if with {
			name = "with"
		}
		b.Run(name, func(b *testing.B) {
			var per []policy.Policy
			if with {
				per = []policy.Policy{New(io.Discard, Options{MaxBytes: 1 << 62})}
			}
			pl := runtime.NewPipeline("bench", "v0", runtime.PipelineOptions{PerCall: per}, &policy.ClientOptions{
				Transport: &fakeTransport{}, Retry: policy.RetryOptions{MaxRetries: -1}, Telemetry: policy.TelemetryOptions{Disabled: true}})
			for b.Loop() {
				req, err := runtime.NewRequest(context.Background(), http.MethodGet, "http://127.0.0.1:1/devstoreaccount1/Orders(PartitionKey='Sales',RowKey='000123')")
				if err != nil {
					b.Fatal(err)
				}
				resp, err := pl.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				resp.Body.Close()
			}
		})
	}
}
