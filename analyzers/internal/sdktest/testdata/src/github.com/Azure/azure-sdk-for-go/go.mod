module github.com/Azure/azure-sdk-for-go

go 1.22
