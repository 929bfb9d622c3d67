// A corpus of shapes seen in public Go code using Azure Tables, rewritten
// in our own words; the SDK packages are tablelint's test stubs (same
// signatures as the real ones). See labels.txt and docs/analyzers.md.
module example.com/query-shapes

go 1.22

require (
	github.com/Azure/azure-sdk-for-go v0.0.0
	github.com/google/uuid v0.0.0
)

replace github.com/Azure/azure-sdk-for-go => ../../analyzers/internal/sdktest/testdata/src/github.com/Azure/azure-sdk-for-go

replace github.com/google/uuid => ../../analyzers/internal/sdktest/testdata/src/github.com/google/uuid
