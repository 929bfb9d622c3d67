// A second real-code corpus, built independently of the analyzers: shapes
// seen in public Go code using Azure Tables (aztables and the legacy
// storage API), rewritten in our own words. The SDK packages are
// tablelint's test stubs. Expected findings and must-stay-silent spots are
// in labels.txt; see docs/analyzers.md.
module example.com/five-mistakes

go 1.22

require github.com/Azure/azure-sdk-for-go v0.0.0

replace github.com/Azure/azure-sdk-for-go => ../../analyzers/internal/sdktest/testdata/src/github.com/Azure/azure-sdk-for-go
