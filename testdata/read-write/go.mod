// A fourth real-code corpus, for the query and the write side, built
// without reading the analyzers: shapes seen in public Go code that uses
// Azure Tables (aztables v1.x, Cosmos DB's Table API through aztables, and
// the legacy storage Table API), rewritten in our own words. The SDK
// packages are tablelint's test stubs. Expected findings and must-stay-
// silent spots are in labels.txt, generated from the // L: and // S markers.
module example.com/read-write

go 1.22

require (
	github.com/Azure/azure-sdk-for-go v0.0.0
	github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus v0.0.0
)

replace github.com/Azure/azure-sdk-for-go => ../../analyzers/internal/sdktest/testdata/src/github.com/Azure/azure-sdk-for-go

replace github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus => ../../analyzers/internal/sdktest/testdata/src/github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus
