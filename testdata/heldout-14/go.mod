// A fourteenth held-out corpus for issue 23's judging rule, written 2026-11-28:
// shapes seen in public Go code that uses Azure Tables (aztables v1.x and the
// legacy storage package) — repositories, code quoted in GitHub issue and
// pull-request threads, and tutorials — rewritten in our own words, labelled
// from the rule docs and the service's documented behaviour before tablelint
// was run on it. The SDK packages are tablelint's test stubs. Expected
// findings and must-stay-silent spots are the // L: and // S markers.
// Sources: SOURCES-*.md.
module example.com/heldout14

go 1.22

require github.com/Azure/azure-sdk-for-go v0.0.0

replace github.com/Azure/azure-sdk-for-go => ../../analyzers/internal/sdktest/testdata/src/github.com/Azure/azure-sdk-for-go

require github.com/google/uuid v0.0.0

replace github.com/google/uuid => ../../analyzers/internal/sdktest/testdata/src/github.com/google/uuid
