// The table "Where a finding is reported" of docs/analyzers.md, as code:
// one small function per row and per case the row names, each finding's
// line marked with // L: TLnnn. TestPlacementTable (cmd/tablelint) runs
// check on this module and requires exactly the marked findings. The SDK
// packages are tablelint's test stubs.
module example.com/placement

go 1.22

require github.com/Azure/azure-sdk-for-go v0.0.0

replace github.com/Azure/azure-sdk-for-go => ../../analyzers/internal/sdktest/testdata/src/github.com/Azure/azure-sdk-for-go
