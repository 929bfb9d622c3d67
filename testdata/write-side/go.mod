// A third real-code corpus, for the write side, built without looking at the
// analyzers: shapes seen in public Go code that writes to Azure Tables
// (aztables and the legacy storage API), rewritten in our own words. The
// SDK packages are tablelint's test stubs; azqueue (a module of its own in
// the real SDK) is stubbed in _stubs/azqueue from v1.0.1's signatures.
// Expected findings and must-stay-silent spots are in labels.txt.
module example.com/write-side

go 1.22

require (
	github.com/Azure/azure-sdk-for-go v0.0.0
	github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue v0.0.0
	github.com/google/uuid v0.0.0
)

replace github.com/Azure/azure-sdk-for-go => ../../analyzers/internal/sdktest/testdata/src/github.com/Azure/azure-sdk-for-go

replace github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue => ./_stubs/azqueue

replace github.com/google/uuid => ../../analyzers/internal/sdktest/testdata/src/github.com/google/uuid
