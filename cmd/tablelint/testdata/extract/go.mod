// The extract round-trip module: an employee directory and an audit log
// written with the Azure Tables SDK (tablelint's test stubs, same
// signatures as the real packages).
module example.com/extractdemo

go 1.22

require (
	github.com/Azure/azure-sdk-for-go v0.0.0
	github.com/google/uuid v0.0.0
)

replace github.com/Azure/azure-sdk-for-go => ../../../../analyzers/internal/sdktest/testdata/src/github.com/Azure/azure-sdk-for-go

replace github.com/google/uuid => ../../../../analyzers/internal/sdktest/testdata/src/github.com/google/uuid
