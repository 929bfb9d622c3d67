// azqueue/v2 is a module of its own, as in the real SDK.
module github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue/v2

go 1.22
