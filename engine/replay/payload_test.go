package replay

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBatchPayloadOnTheWire: the 4 MB limit bounds the request. A batch
// of 62 Binary values of 60,000 bytes (4.96 MB in base64) is rejected as
// TL401; a batch of 40 ASCII entities of 60,000 characters (2.4 MB of
// JSON, 4.8 MB by the storage estimate) commits.
func TestBatchPayloadOnTheWire(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"op":"createTable","table":"Blobs"}` + "\n")
	batch := func(pk string, n int, props func(i int) string) {
		var acts []string
		for i := range n {
			acts = append(acts, fmt.Sprintf(`{"op":"insert","entity":{"PartitionKey":%q,"RowKey":"%03d",%s}}`, pk, i, props(i)))
		}
		fmt.Fprintf(&b, `{"op":"batch","table":"Blobs","actions":[%s]}`+"\n", strings.Join(acts, ","))
	}
	data := base64.StdEncoding.EncodeToString(make([]byte, 60000))
	batch("bin", 62, func(int) string { return fmt.Sprintf(`"Data":%q,"Data@odata.type":"Edm.Binary"`, data) })
	text := strings.Repeat("x", 30000)
	batch("text", 40, func(int) string { return fmt.Sprintf(`"A":%q,"B":%q`, text, text) })
	path := filepath.Join(t.TempDir(), "payload.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	fds := replayFile(t, path, Options{}).Findings("payload.jsonl")
	if len(fds) != 1 || fds[0].Rule != "TL401" || fds[0].Line != 2 {
		t.Fatalf("findings %v, want one TL401 at line 2 (the Binary batch)", fds)
	}
	if !strings.Contains(fds[0].Message+fds[0].Hint, "RequestBodyTooLarge") {
		t.Errorf("TL401 %q does not name the service's error", fds[0].Message+fds[0].Hint)
	}
}

// TestAppendHotspotShapes: TL209 for PartitionKeys that are sequence
// numbers, even one entity a partition ({seq}); silent for a bulk load
// that fills named partitions one after another.
func TestAppendHotspotShapes(t *testing.T) {
	run := func(pk func(i int) string) []string {
		var b strings.Builder
		b.WriteString(`{"op":"createTable","table":"Events"}` + "\n")
		for i := range 200 {
			fmt.Fprintf(&b, `{"op":"insert","table":"Events","entity":{"PartitionKey":%q,"RowKey":"%04d"}}`+"\n", pk(i), i)
		}
		path := filepath.Join(t.TempDir(), "t.jsonl")
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		var rules []string
		for _, f := range replayFile(t, path, Options{}).Findings("t.jsonl") {
			rules = append(rules, f.Rule)
		}
		return rules
	}
	if got := run(func(i int) string { return fmt.Sprintf("%08d", i) }); strings.Join(got, " ") != "TL209" {
		t.Errorf("{seq} PartitionKeys, one entity each: %v, want TL209", got)
	}
	depts := []string{"Accounting", "Engineering", "Finance", "Marketing", "Sales"}
	if got := run(func(i int) string { return depts[i/40] }); len(got) != 0 {
		t.Errorf("a bulk load by department: %v, want nothing", got)
	}
}
