package limits

import (
	"strings"
	"testing"
)

func TestParseTarget(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Target
		ok   bool
	}{{"", Storage, true}, {"storage", Storage, true}, {"cosmos", Cosmos, true}, {"Cosmos", Storage, false}, {"cosmosdb", Storage, false}} {
		got, ok := ParseTarget(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ParseTarget(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestTargetLimits(t *testing.T) {
	s, c := For(Storage), For(Cosmos)
	if s.MaxTop != MaxPageEntities || c.MaxTop != 0 {
		t.Errorf("MaxTop: storage %d, cosmos %d", s.MaxTop, c.MaxTop)
	}
	if !s.TableNamesFoldCase || c.TableNamesFoldCase {
		t.Error("table names: storage folds case, Cosmos DB does not")
	}
	// Batches: storage's limit is exclusive, Cosmos DB's inclusive.
	if !s.BatchOver(4<<20) || s.BatchOver(4<<20-1) || c.BatchOver(2<<20) || !c.BatchOver(2<<20+1) {
		t.Error("BatchOver bounds")
	}
	// RowKey: 255 UTF-8 bytes on Cosmos DB, 512 UTF-16 units on storage.
	for _, k := range []struct {
		key             string
		storage, cosmos bool
	}{
		{strings.Repeat("a", 255), false, false},
		{strings.Repeat("a", 256), false, true},
		{strings.Repeat("é", 128), false, true}, // 256 bytes, 128 units
		{strings.Repeat("é", 127), false, false},
		{strings.Repeat("a", 441), false, true},
		{strings.Repeat("a", 513), true, true},
		{strings.Repeat("😀", 257), true, true}, // 514 units
	} {
		if _, over := s.RowKeyOver(k.key); over != k.storage {
			t.Errorf("storage RowKeyOver(%d bytes) = %v", len(k.key), over)
		}
		if _, over := c.RowKeyOver(k.key); over != k.cosmos {
			t.Errorf("cosmos RowKeyOver(%d bytes) = %v", len(k.key), over)
		}
	}
}

func TestCosmosReservedPropertyName(t *testing.T) {
	for _, n := range []string{"ID", "Id", "id", "rid", "RID", "etag", "ETag", "ResourceId", "resourceid"} {
		if _, ok := CosmosReservedPropertyName(n); !ok {
			t.Errorf("%q: want reserved", n)
		}
		if _, ok := For(Storage).ReservedPropertyName(n); ok {
			t.Errorf("%q: reserved on storage", n)
		}
	}
	for _, n := range []string{"UserId", "Ids", "rids", "ETagValue", "Resource", "_rid"} {
		if r, ok := For(Cosmos).ReservedPropertyName(n); ok {
			t.Errorf("%q: reported as %q", n, r)
		}
	}
}

func TestCosmosBinarySize(t *testing.T) {
	for _, c := range []struct{ n, want int }{{0, 4}, {1, 6}, {3, 10}, {60000, 120004}} {
		if got := CosmosBinarySize(c.n); got != c.want {
			t.Errorf("CosmosBinarySize(%d) = %d, want %d", c.n, got, c.want)
		}
	}
	// The FAQ's example: the full 1 MiB of binary data Table storage
	// holds does not fit a Cosmos DB entity.
	if CosmosBinarySize(MaxEntityBytes) <= MaxCosmosEntityBytes || BinarySize(MaxEntityBytes-4) > MaxEntityBytes {
		t.Error("1 MiB of binary data: want over on Cosmos DB, within on storage")
	}
}

func TestCosmosEndpoint(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"https://acct.table.cosmos.azure.com", true},
		{"https://acct.table.cosmos.azure.com:443/", true},
		{"https://ACCT.Table.Cosmos.Azure.COM/", true},
		{"DefaultEndpointsProtocol=https;AccountName=a;AccountKey=k;TableEndpoint=https://a.table.cosmos.azure.com:443/;", true},
		{"https://acct.table.core.windows.net", false},
		{"https://acct.documents.azure.com:443/", false},
		{".table.cosmos.azure.com", false},
		{"https://acct.table.cosmos.azure.com.evil.example", false},
		{"see *.table.cosmos.azure.com", false},
	} {
		if got := CosmosEndpoint(c.s); got != c.want {
			t.Errorf("CosmosEndpoint(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}
