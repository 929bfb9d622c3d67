package nokeys

import (
	"testing"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Test fixtures use made-up keys.
func TestFake(t *testing.T) {
	_, _ = aztables.NewSharedKeyCredential("fakeaccount", "BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8wMTIzNDU2Nzg5Ojs8PT4/QEFCQ0RFRg==")
}
