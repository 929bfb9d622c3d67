// A held-out corpus for the value-flow work (issue 23): shapes seen in
// public Go code that uses Azure Tables (aztables v1.x and the legacy
// storage Table API), rewritten in our own words, labelled from the rule
// docs and the service's documented behaviour before tablelint was run on
// it. The SDK packages are tablelint's test stubs. Expected findings and
// must-stay-silent spots are in labels.txt, generated from the // L: and
// // S markers. Sources: SOURCES.md.
module example.com/heldoutvalueflow

go 1.22

require (
	github.com/Azure/azure-sdk-for-go v0.0.0
	github.com/google/uuid v0.0.0
)

replace github.com/Azure/azure-sdk-for-go => ../../analyzers/internal/sdktest/testdata/src/github.com/Azure/azure-sdk-for-go

replace github.com/google/uuid => ../../analyzers/internal/sdktest/testdata/src/github.com/google/uuid
