package credentials_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/credentials"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

func TestCredentials(t *testing.T) {
	if err := credentials.Analyzer.Flags.Set("info", "true"); err != nil {
		t.Fatal(err)
	}
	defer credentials.Analyzer.Flags.Set("info", "false")
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, credentials.Analyzer, "keys", "nokeys", "sas", "narrowsas", "textsas", "textsasnarrow"))
}

// Without -info, TL602 (an info rule) is not reported; TL601 is.
func TestCredentialsNoInfo(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, credentials.Analyzer, "quiet", "keys"))
}

// The bound is a flag: a year-long SAS is fine under -sas-max-expiry=8760h.
func TestCredentialsMaxExpiry(t *testing.T) {
	for _, f := range [][2]string{{"info", "true"}, {"sas-max-expiry", "8760h"}} {
		if err := credentials.Analyzer.Flags.Set(f[0], f[1]); err != nil {
			t.Fatal(err)
		}
	}
	defer credentials.Analyzer.Flags.Set("info", "false")
	defer credentials.Analyzer.Flags.Set("sas-max-expiry", credentials.DefaultMaxExpiry.String())
	dir := sdktest.GOPATH(t, analysistest.TestData())
	sdktest.CheckMessages(t, sdktest.Run(t, dir, credentials.Analyzer, "longsas"))
}
