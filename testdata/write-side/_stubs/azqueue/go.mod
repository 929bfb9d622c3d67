module github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue

go 1.22

require github.com/Azure/azure-sdk-for-go v0.0.0
