package bounded

import (
	"encoding/json"
	"net/http"
)

// settings writes a document of constants: as small as it is written.
func settings() Document {
	data, _ := json.Marshal(map[string]any{"name": "Someone", "limit": 3, "on": false})
	tags, _ := json.Marshal([]string{"red", "green"})
	return Document{PartitionKey: "p", RowKey: "settings", Body: string(data), Title: string(tags)}
}

// grown fills the map in a loop: any number of entries.
func grown(r *http.Request) Document {
	m := map[string]any{"kind": "tags"}
	for _, t := range r.URL.Query()["tag"] {
		m[t] = true
	}
	data, _ := json.Marshal(m)
	return Document{PartitionKey: "p", RowKey: "tags", Body: string(data)} // want `TL122: property Body is filled from a marshalled document \(m\)`
}

// echoed puts request text in a literal: as long as the request makes it.
func echoed(r *http.Request) Document {
	data, _ := json.Marshal(map[string]any{"note": r.FormValue("note")})
	list, _ := json.Marshal([]string{"a", r.FormValue("b")})
	return Document{PartitionKey: "p", RowKey: "note", Body: string(data), Title: string(list)} // want `TL122: property Body is filled from a marshalled document` `TL122: property Title is filled from a marshalled document`
}
