// Package msgsinkb is a stream processor's table output, after
// redpanda-data/connect pull requests #480 (single writes: table name,
// PartitionKey and RowKey interpolated per message, an insert kind, and the
// configured properties or else every JSON field of the message) and #481
// (batches grouped by table and PartitionKey), on the legacy storage API.
package msgsinkb

import (
	"encoding/json"
	"strings"

	"github.com/google/uuid"
)

// Config is the output's configuration.
type Config struct {
	Account      string
	AccessKey    string
	Table        string // e.g. "devices" or "${meta:tenant}"
	PartitionKey string // e.g. "${meta:date}"; empty: the current hour (added)
	RowKey       string // e.g. "${json:device}-${uuid}"
	InsertKind   string // INSERT, INSERT_MERGE or INSERT_REPLACE
	Properties   map[string]string
	KeepRaw      bool // (added) also store the whole message as one property
}

// Message is one message of the stream: metadata and a JSON body.
type Message struct {
	Meta map[string]string
	Body []byte
}

func (m Message) fields() map[string]interface{} {
	out := map[string]interface{}{}
	_ = json.Unmarshal(m.Body, &out)
	return out
}

// expand replaces ${meta:x}, ${json:x} and ${uuid} in a template.
func expand(tmpl string, m Message, fields map[string]interface{}) string {
	var b strings.Builder
	for {
		i := strings.Index(tmpl, "${")
		if i < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		j := strings.Index(tmpl[i:], "}")
		if j < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		b.WriteString(tmpl[:i])
		ref := tmpl[i+2 : i+j]
		switch {
		case ref == "uuid":
			b.WriteString(uuid.NewString())
		case strings.HasPrefix(ref, "meta:"):
			b.WriteString(m.Meta[strings.TrimPrefix(ref, "meta:")])
		case strings.HasPrefix(ref, "json:"):
			if s, ok := fields[strings.TrimPrefix(ref, "json:")].(string); ok {
				b.WriteString(s)
			}
		}
		tmpl = tmpl[i+j+1:]
	}
}
