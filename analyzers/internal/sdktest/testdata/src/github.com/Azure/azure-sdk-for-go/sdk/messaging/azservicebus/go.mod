// The azservicebus stub is a module of its own, as azservicebus is in
// the real SDK.
module github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus

go 1.22

require github.com/Azure/azure-sdk-for-go v0.0.0

replace github.com/Azure/azure-sdk-for-go => ../../../
