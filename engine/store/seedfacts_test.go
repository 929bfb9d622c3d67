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

// TestNullIsAbsent: "any property with a null value is handled as if the
// payload did not contain that property." A null property is not stored;
// its twin with a value is.
func TestNullIsAbsent(t *testing.T) {
	e, err := DecodeJSON([]byte(`{"PartitionKey":"p","RowKey":"r","A":null,"B":1}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := e.Get("A"); ok {
		t.Error("a null property was stored")
	}
	if _, ok := e.Get("B"); !ok {
		t.Error("a property with a value was dropped")
	}
}
