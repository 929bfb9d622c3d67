package live

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"github.com/tablelint/tablelint/internal/tracefmt"
)

// cosmosTransport answers as Cosmos DB's Table API does, with a request
// charge on every response: a query is two pages.
type cosmosTransport struct{}

func (cosmosTransport) Do(req *http.Request) (*http.Response, error) {
	h := http.Header{"Content-Type": {"application/json"}, "X-Ms-Request-Charge": {"2.5"}}
	status, body := http.StatusNoContent, ""
	switch {
	case req.Method == http.MethodGet && strings.Contains(req.URL.Path, "Tables"):
		status, body = http.StatusOK, `{"value":[]}`
	case req.Method == http.MethodGet && req.URL.Query().Get("NextPartitionKey") == "":
		status, body = http.StatusOK, `{"value":[{"PartitionKey":"p","RowKey":"1"}]}`
		h.Set("X-Ms-Continuation-Nextpartitionkey", "p")
		h.Set("X-Ms-Continuation-Nextrowkey", "2")
	case req.Method == http.MethodGet:
		status, body = http.StatusOK, `{"value":[{"PartitionKey":"p","RowKey":"2"}]}`
		h.Set("X-Ms-Request-Charge", "1")
	}
	return &http.Response{StatusCode: status, Header: h, Body: io.NopCloser(strings.NewReader(body)), Request: req}, nil
}

// TestRequestCharge checks that the request charge of every request of
// an operation (each page of a query) is added up and reported.
func TestRequestCharge(t *testing.T) {
	svc, err := aztables.NewServiceClientWithNoCredential("https://acct.table.cosmos.azure.com", &aztables.ClientOptions{ClientOptions: azcore.ClientOptions{
		Transport: cosmosTransport{}, PerRetryPolicies: []policy.Policy{Meter}, Retry: policy.RetryOptions{MaxRetries: -1}}})
	if err != nil {
		t.Fatal(err)
	}
	tr := `{"op":"createTable","table":"Tab"}
{"op":"query","table":"Tab","filter":"PartitionKey eq 'p'"}
{"op":"query","table":"Tab","filter":"PartitionKey eq 'q'"}
`
	var res bytes.Buffer
	rep, err := Run(context.Background(), svc, tracefmt.NewReader(strings.NewReader(tr), "t"), Options{Scratch: true, Keep: true, Results: &res})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Queries) != 1 || !rep.Queries[0].Charged || rep.Queries[0].ChargeMean != 3.5 || rep.Queries[0].PagesMean != 2 || rep.Queries[0].ReturnedMean != 2 {
		t.Errorf("queries %+v", rep.Queries)
	}
	if !strings.Contains(res.String(), `"keys":[["p","1"],["p","2"]],"returned":2,"pages":2,`) || !strings.Contains(res.String(), `"charge":3.5}`) {
		t.Errorf("results:\n%s", res.String())
	}
}
