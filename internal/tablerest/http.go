package tablerest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
)

// ReadResponseBody reads resp's body and puts back a reader of the same
// bytes (ending with the same error, if reading failed), so that a
// pipeline policy can look at a response its caller still reads.
func ReadResponseBody(resp *http.Response) []byte {
	if resp.Body == nil {
		return nil
	}
	b, err := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	var rd io.Reader = bytes.NewReader(b)
	if err != nil {
		rd = io.MultiReader(rd, errReader{err})
	}
	resp.Body = io.NopCloser(rd)
	return b
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// EntityKeys returns the PartitionKey and RowKey of an entity in the
// service's JSON format ("" for what it lacks or cannot be read).
func EntityKeys(entity []byte) [2]string {
	var k struct{ PartitionKey, RowKey string }
	_ = json.Unmarshal(entity, &k)
	return [2]string{k.PartitionKey, k.RowKey}
}
