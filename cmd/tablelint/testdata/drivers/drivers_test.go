package drivers

import "testing"

func TestKeys(t *testing.T) {
	if keys(1).RowKey != "1" {
		t.Fatal("keys")
	}
}
