package pkgpath

import "testing"

func TestWithin(t *testing.T) {
	roots := []string{"github.com/Azure/azure-sdk-for-go/sdk/data/aztables", "github.com/Azure/azure-sdk-for-go/storage"}
	for _, c := range []struct {
		path string
		want bool
	}{
		{"github.com/Azure/azure-sdk-for-go/sdk/data/aztables", true},
		{"github.com/Azure/azure-sdk-for-go/sdk/data/aztables/internal/generated", true},
		{"github.com/Azure/azure-sdk-for-go/storage", true},
		{"example.com/m/vendor/github.com/Azure/azure-sdk-for-go/storage", true},
		{"vendor/github.com/Azure/azure-sdk-for-go/sdk/data/aztables", true},
		{"github.com/Azure/azure-sdk-for-go/sdk/data/aztablesx", false},
		{"github.com/Azure/azure-sdk-for-go/sdk/data", false},
		{"example.com/m/storage", false},
		{"", false},
	} {
		if got := Within(c.path, roots); got != c.want {
			t.Errorf("Within(%q) = %v, want %v", c.path, got, c.want)
		}
	}
	if Within("github.com/Azure/azure-sdk-for-go/storage", nil) {
		t.Error("Within with no roots")
	}
}
