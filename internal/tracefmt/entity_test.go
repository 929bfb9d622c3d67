package tracefmt

import (
	"reflect"
	"testing"

	"github.com/tablelint/tablelint/edm"
)

func FuzzFastEntity(f *testing.F) {
	for _, s := range []string{
		`{"PartitionKey":"p","RowKey":"r","A":1,"B":"x","C":true,"D":false}`,
		`{"PartitionKey":"p","RowKey":"r","Big":"9","Big@odata.type":"Edm.Int64"}`,
		`{"Big@odata.type":"Edm.Int64","Big":"-9223372036854775808","PartitionKey":"p","RowKey":"r"}`,
		`{"PartitionKey":"p","RowKey":"r","A":2147483648,"B":-0,"C":1e3,"D":1.5}`,
		`{"PartitionKey":"p","RowKey":"r","A":null,"odata.etag":"x","Timestamp":"2020-01-01T00:00:00Z"}`,
		`{"PartitionKey":"p","RowKey":"r","A":"1","A@odata.type":"Edm.Int32"}`,
		`{"PartitionKey":"p","RowKey":"r","A":"+007","A@odata.type":"Edm.Int64"}`,
		`{"PartitionKey":"p","RowKey":"r","A":"\u00e9\ud800"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		props, ok := FastProps(nil, data)
		if !ok {
			return
		}
		want, err := edm.DecodeEntityJSON(data)
		if err != nil {
			t.Fatalf("fast path accepted %q, edm rejects it: %v", data, err)
		}
		if len(props) == 0 && len(want) == 0 {
			return
		}
		if !reflect.DeepEqual(props, want) {
			t.Fatalf("%q:\nfast %#v\n edm %#v", data, props, want)
		}
	})
}

func TestFastEntity(t *testing.T) {
	props, ok := FastProps(nil, []byte(`{"PartitionKey":"p","RowKey":"r","Big":"9","Big@odata.type":"Edm.Int64","N":-5,"B":true}`))
	if !ok || len(props) != 5 || !edm.Equal(props[2].Value, edm.Int64Value(9)) || !edm.Equal(props[3].Value, edm.Int32Value(-5)) {
		t.Fatalf("%v %#v", ok, props)
	}
	for _, slow := range []string{
		`{"PartitionKey":"p","RowKey":"r","D":1.5}`,
		`{"PartitionKey":"p","RowKey":"r","T":"2020-01-01T00:00:00Z","T@odata.type":"Edm.DateTime"}`,
		`{"PartitionKey":"p","RowKey":"r","A":null}`,
		`{"PartitionKey":"p","RowKey":"r","A":1,"A":2}`,
		`{"PartitionKey":"p","RowKey":"r","X@odata.type":"Edm.Int64"}`,
	} {
		if _, ok := FastProps(nil, []byte(slow)); ok {
			t.Errorf("fast path took %s", slow)
		}
	}
}
