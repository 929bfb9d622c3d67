package tablerest

import (
	"github.com/tablelint/tablelint/internal/tracefmt"
	"net/url"
	"reflect"
	"testing"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		method, url, ifMatch string
		want                 tracefmt.Op
		ok                   bool
		cont                 bool
	}{
		{"POST", "https://acct.table.core.windows.net/Tables", "", tracefmt.Op{Kind: tracefmt.CreateTable}, true, false},
		{"DELETE", "http://127.0.0.1:10002/devstoreaccount1/Tables('Orders')", "", tracefmt.Op{Kind: tracefmt.DeleteTable, Table: "Orders"}, true, false},
		{"GET", "https://acct.table.core.windows.net/Tables", "", tracefmt.Op{}, false, false},
		{"POST", "https://acct.table.core.windows.net/Orders", "", tracefmt.Op{Kind: tracefmt.Insert, Table: "Orders"}, true, false},
		{"GET", "https://acct.table.core.windows.net/Orders(PartitionKey='a%20b',RowKey='it''s')?$select=Name,Age", "",
			tracefmt.Op{Kind: tracefmt.Get, Table: "Orders", PK: "a b", RK: "it's", Select: []string{"Name", "Age"}}, true, false},
		{"GET", "https://acct.table.core.windows.net/Orders()?$filter=PartitionKey%20eq%20'x%3By'&$top=5", "",
			tracefmt.Op{Kind: tracefmt.Query, Table: "Orders", Filter: "PartitionKey eq 'x;y'", Top: 5}, true, false},
		{"GET", "https://acct.table.core.windows.net/Orders?NextPartitionKey=1!8!YQ--&NextRowKey=1!4!Yg--", "",
			tracefmt.Op{Kind: tracefmt.Query, Table: "Orders"}, true, true},
		{"PUT", "https://acct.table.core.windows.net/Orders(PartitionKey='a',RowKey='b')", "",
			tracefmt.Op{Kind: tracefmt.Upsert, Mode: tracefmt.Replace, Table: "Orders", PK: "a", RK: "b"}, true, false},
		{"PATCH", "https://acct.table.core.windows.net/Orders(PartitionKey='a',RowKey='b')", "*",
			tracefmt.Op{Kind: tracefmt.Update, Mode: tracefmt.Merge, IfMatch: "*", Table: "Orders", PK: "a", RK: "b"}, true, false},
		{"MERGE", "https://acct.table.core.windows.net/Orders(RowKey='b',PartitionKey='a')", "",
			tracefmt.Op{Kind: tracefmt.Upsert, Mode: tracefmt.Merge, Table: "Orders", PK: "a", RK: "b"}, true, false},
		{"DELETE", "https://acct.table.core.windows.net/Orders(PartitionKey='a',RowKey='b')", "*",
			tracefmt.Op{Kind: tracefmt.Delete, IfMatch: "*", Table: "Orders", PK: "a", RK: "b"}, true, false},
		{"GET", "https://acct.table.core.windows.net/Orders?comp=acl", "", tracefmt.Op{}, false, false},
		{"POST", "https://acct.table.core.windows.net/$batch", "", tracefmt.Op{}, false, false},
	}
	for _, tt := range tests {
		u, err := url.Parse(tt.url)
		if err != nil {
			t.Fatal(err)
		}
		tg, err := ParseURL(u)
		if err != nil {
			t.Errorf("%s %s: %v", tt.method, tt.url, err)
			continue
		}
		op, ok := Classify(tt.method, tg, tt.ifMatch, nil)
		if ok != tt.ok || tg.Continuation != tt.cont || (ok && !reflect.DeepEqual(op, tt.want)) {
			t.Errorf("%s %s = %+v, %v (continuation %v); want %+v, %v, %v", tt.method, tt.url, op, ok, tg.Continuation, tt.want, tt.ok, tt.cont)
		}
	}
}

func TestParseURLErrors(t *testing.T) {
	for _, s := range []string{
		"https://a/Orders(PartitionKey='a')",
		"https://a/Orders(PartitionKey='a',RowKey='b'",
		"https://a/Orders(PartitionKey=a,RowKey='b')",
		"https://a/Orders(PartitionKey='a,RowKey='b')",
		"https://a/",
		"https://a/Orders?$top=x",
	} {
		u, err := url.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if tg, err := ParseURL(u); err == nil {
			t.Errorf("ParseURL(%s) = %+v, want an error", s, tg)
		}
	}
}

func TestRedact(t *testing.T) {
	in := `{"PartitionKey":"p","RowKey":"r","Name":"héllo😀","Age":34,"Score":1.5,"Ok":true,"Big":"123456789","Big@odata.type":"Edm.Int64","Bin":"AQID","Bin@odata.type":"Edm.Binary","When":"2024-01-02T03:04:05Z","When@odata.type":"Edm.DateTime","N":null}`
	got, err := Redact([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"Age":0,"Big":"0","Big@odata.type":"Edm.Int64","Bin":"AAAA","Bin@odata.type":"Edm.Binary","N":null,"Name":"xxxxxxx","Ok":false,"PartitionKey":"p","RowKey":"r","Score":0.0,"When":"1970-01-01T00:00:00Z","When@odata.type":"Edm.DateTime"}`
	if string(got) != want {
		t.Errorf("Redact:\n got %s\nwant %s", got, want)
	}
	if _, err := Redact([]byte(`[1]`)); err == nil {
		t.Error("Redact of an array: want an error")
	}
}

func TestPlaceholder(t *testing.T) {
	for _, size := range []int64{0, 10, 60, 500, 70_000, 5 << 20} {
		b := Placeholder("p", "r", size)
		if _, err := Compact(b); err != nil {
			t.Fatalf("Placeholder(%d) = %s: %v", size, b, err)
		}
		want := min(size, 1<<20)
		if d := int64(len(b)) - want; size > 60 && (d < -16 || d > 16) {
			t.Errorf("Placeholder(%d) is %d bytes", size, len(b))
		}
	}
}
