package store

import "testing"

// TestEntityNeedsBothKeys: "You must include the PartitionKey property in
// every insert, update, and delete operation" (catalogue TL203). An entity
// without either key is refused with 400 InvalidInput; one with both keys,
// even empty ones, is accepted.
func TestEntityNeedsBothKeys(t *testing.T) {
	for _, body := range []string{
		`{"RowKey":"r","A":1}`,
		`{"PartitionKey":"p","A":1}`,
		`{"A":1}`,
	} {
		_, err := DecodeJSON([]byte(body))
		wantErr(t, err, 400, CodeInvalidInput)
	}
	for _, body := range []string{
		`{"PartitionKey":"p","RowKey":"r","A":1}`,
		`{"PartitionKey":"","RowKey":""}`,
	} {
		if _, err := DecodeJSON([]byte(body)); err != nil {
			t.Errorf("%s: %v", body, err)
		}
	}
}
