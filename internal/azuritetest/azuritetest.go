// Package azuritetest gives tests the Azurite Table endpoint that
// scripts/test.sh starts.
package azuritetest

import (
	"os"
	"testing"
)

// Endpoint returns TABLELINT_AZURITE_TABLE_ENDPOINT, or skips the test
// when it is unset — and fails it instead when TABLELINT_REQUIRE_AZURITE
// is set, so that a run that should reach Azurite cannot pass without.
func Endpoint(tb testing.TB) string {
	tb.Helper()
	ep := os.Getenv("TABLELINT_AZURITE_TABLE_ENDPOINT")
	if ep == "" {
		if os.Getenv("TABLELINT_REQUIRE_AZURITE") != "" {
			tb.Fatal("TABLELINT_REQUIRE_AZURITE is set but TABLELINT_AZURITE_TABLE_ENDPOINT is not")
		}
		tb.Skip("TABLELINT_AZURITE_TABLE_ENDPOINT not set (scripts/test.sh starts Azurite)")
	}
	return ep
}
