package limits_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"github.com/tablelint/tablelint/internal/limits"
)

// bodySize is a transport that records the request body's size and
// refuses the request.
type bodySize struct{ n int }

func (b *bodySize) Do(r *http.Request) (*http.Response, error) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, err
	}
	b.n = len(data)
	return &http.Response{StatusCode: http.StatusBadRequest, Header: http.Header{}, Body: io.NopCloser(bytes.NewReader(nil)), Request: r}, nil
}

// sdkPayload returns the body the aztables SDK sends for the actions.
func sdkPayload(t *testing.T, table string, actions []aztables.TransactionAction) int {
	t.Helper()
	rec := &bodySize{}
	endpoint := "https://myaccount.table.core.windows.net"
	if len(endpoint) != limits.WireEndpointChars {
		t.Fatalf("endpoint %q is not WireEndpointChars long", endpoint)
	}
	c, err := aztables.NewClientWithNoCredential(endpoint+"/"+table, &aztables.ClientOptions{ClientOptions: azcore.ClientOptions{
		Transport: rec, Retry: policy.RetryOptions{MaxRetries: -1}}})
	if err != nil {
		t.Fatal(err)
	}
	_, _ = c.SubmitTransaction(context.Background(), actions, nil)
	if rec.n == 0 {
		t.Fatal("the SDK sent no body")
	}
	return rec.n
}

type prop struct {
	name  string
	value any
}

// wireProps returns the formula's bytes for the properties.
func wireProps(t *testing.T, props []prop) int {
	n := 0
	for _, p := range props {
		name := limits.WireStringLen(p.name) - 2
		switch v := p.value.(type) {
		case string:
			n += limits.WirePropertyBytes(name, limits.WireStringLen(v), "")
		case aztables.EDMBinary:
			n += limits.WirePropertyBytes(name, limits.WireBinary(len(v)), "Edm.Binary")
		case int32:
			b, _ := json.Marshal(v)
			n += limits.WirePropertyBytes(name, len(b), "")
		case aztables.EDMInt64:
			b, _ := json.Marshal(v)
			n += limits.WirePropertyBytes(name, len(b), "Edm.Int64")
		case bool:
			b, _ := json.Marshal(v)
			n += limits.WirePropertyBytes(name, len(b), "")
		case float64:
			b, _ := json.Marshal(v)
			n += limits.WirePropertyBytes(name, len(b), "")
		case aztables.EDMDateTime:
			b, _ := json.Marshal(v)
			n += limits.WirePropertyBytes(name, len(b), "Edm.DateTime")
		case aztables.EDMGUID:
			n += limits.WirePropertyBytes(name, limits.WireGuidBytes, "Edm.Guid")
		default:
			t.Fatalf("no case for %T", v)
		}
	}
	return n
}

// TestWirePayloadMatchesSDK checks the formula against the bytes the
// aztables SDK sends, for every kind of action and every EDM type.
func TestWirePayloadMatchesSDK(t *testing.T) {
	when := aztables.EDMDateTime(time.Date(2024, 5, 6, 7, 8, 9, 123456700, time.UTC))
	props := []prop{
		{"Name", "Ada <Lovelace> & \"Babbage\"\n\u2028é日本"},
		{"Data", aztables.EDMBinary(bytes.Repeat([]byte{0xff}, 1000))},
		{"Odd", aztables.EDMBinary([]byte{1, 2, 3, 4})},
		{"Count", int32(math.MinInt32)},
		{"Big", aztables.EDMInt64(math.MaxInt64)},
		{"Ok", false},
		{"Ratio", 0.1},
		{"When", when},
		{"Id", aztables.EDMGUID("0f8fad5b-d9cb-469f-a165-70867728950e")},
		{"Ünïcode", strings.Repeat("x", 300)},
	}
	kinds := []struct {
		sdk  aztables.TransactionType
		wire limits.WireKind
	}{
		{aztables.TransactionTypeAdd, limits.WireInsert},
		{aztables.TransactionTypeUpdateMerge, limits.WireMerge},
		{aztables.TransactionTypeInsertMerge, limits.WireMerge},
		{aztables.TransactionTypeUpdateReplace, limits.WireReplace},
		{aztables.TransactionTypeInsertReplace, limits.WireReplace},
		{aztables.TransactionTypeDelete, limits.WireDelete},
	}
	for _, table := range []string{"Orders", "averyveryverylongtablename"} {
		for _, k := range kinds {
			for _, count := range []int{1, 3} {
				var actions []aztables.TransactionAction
				want := 0
				for i := 0; i < count; i++ {
					pk, rk := "dept 7 & co", "émp'"+strings.Repeat("9", i+1)
					m := map[string]any{}
					for _, p := range props {
						m[p.name] = p.value
					}
					body, err := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: pk, RowKey: rk}, Properties: m})
					if err != nil {
						t.Fatal(err)
					}
					actions = append(actions, aztables.TransactionAction{ActionType: k.sdk, Entity: body})
					ent := limits.WireEntityBytes(limits.WireKeyStringLen(pk), limits.WireKeyStringLen(rk), wireProps(t, props))
					want += limits.WireActionBytes(k.wire, len(table), limits.WireKeyLen(pk)+limits.WireKeyLen(rk), ent)
				}
				want = limits.WirePayload(want)
				if got := sdkPayload(t, table, actions); got != want {
					t.Errorf("%s, %d actions, table %s: the SDK sends %d bytes, the formula says %d", k.sdk, count, table, got, want)
				}
			}
		}
	}
}

// TestWireBinary pins base64's length.
func TestWireBinary(t *testing.T) {
	for n, want := range map[int]int{0: 2, 1: 6, 2: 6, 3: 6, 4: 10, 60000: 80002} {
		if got := limits.WireBinary(n); got != want {
			t.Errorf("WireBinary(%d) = %d, want %d", n, got, want)
		}
	}
}

// TestWireFixedSizes pins the fixed-size types' largest JSON forms.
func TestWireFixedSizes(t *testing.T) {
	for _, c := range []struct {
		got  int
		form string
	}{
		{limits.WireInt32Bytes, "-2147483648"},
		{limits.WireInt64Bytes, `"-9223372036854775808"`},
		{limits.WireDoubleBytes, "-2.2250738585072014e-308"},
		{limits.WireBooleanBytes, "false"},
		{limits.WireDateTimeBytes, `"2006-01-02T15:04:05.9999999Z"`},
		{limits.WireGuidBytes, `"00000000-0000-0000-0000-000000000000"`},
	} {
		if c.got != len(c.form) {
			t.Errorf("%s: %d bytes, the constant says %d", c.form, len(c.form), c.got)
		}
	}
}
