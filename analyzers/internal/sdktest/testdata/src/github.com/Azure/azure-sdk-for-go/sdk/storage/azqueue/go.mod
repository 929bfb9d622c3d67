// The azqueue stub is a module of its own, as azqueue is in the real SDK:
// a module that replaces the SDK with these stubs and azqueue with
// another stub finds each package once.
module github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue

go 1.22

require github.com/Azure/azure-sdk-for-go v0.0.0

replace github.com/Azure/azure-sdk-for-go => ../../../
