package replay

import (
	"os"
	"path/filepath"
	"testing"
)

// TestKeysRequiredOnWrite: "You must include the PartitionKey property in
// every insert, update, and delete operation" (catalogue TL203). A trace
// insert without a RowKey, and one without a PartitionKey, are answered
// 400 InvalidInput and reported as one TL517 group; the twin trace, whose
// entities have both keys, replays with no rejection.
func TestKeysRequiredOnWrite(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bad := write("bad.jsonl", `{"op":"createTable","table":"Employees"}
{"op":"insert","table":"Employees","entity":{"PartitionKey":"Sales","Age":34}}
{"op":"insert","table":"Employees","entity":{"RowKey":"000123","Age":34}}
`)
	rs := replayFile(t, bad, Options{}).Rejections()
	if len(rs) != 1 || rs[0].Rule != "TL517" || rs[0].Status != 400 || rs[0].Code != "InvalidInput" || rs[0].Line != 2 || rs[0].Count != 2 {
		t.Errorf("rejections %+v", rs)
	}
	good := write("good.jsonl", `{"op":"createTable","table":"Employees"}
{"op":"insert","table":"Employees","entity":{"PartitionKey":"Sales","RowKey":"000123","Age":34}}
{"op":"insert","table":"Employees","entity":{"PartitionKey":"Sales","RowKey":"000124","Age":35}}
`)
	if rs := replayFile(t, good, Options{}).Rejections(); len(rs) != 0 {
		t.Errorf("twin rejected: %+v", rs)
	}
}
