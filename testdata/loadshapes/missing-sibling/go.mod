module example.com/loadshapes/missingsib

go 1.22

require github.com/Azure/azure-sdk-for-go v0.0.0

require example.com/loadshapes/common v0.0.0

replace example.com/loadshapes/common => ../absent-common

replace github.com/Azure/azure-sdk-for-go => ../../../analyzers/internal/sdktest/testdata/src/github.com/Azure/azure-sdk-for-go
