module example.com/loadshapes/testonly

go 1.22

require github.com/Azure/azure-sdk-for-go v0.0.0

replace github.com/Azure/azure-sdk-for-go => ../../../analyzers/internal/sdktest/testdata/src/github.com/Azure/azure-sdk-for-go
