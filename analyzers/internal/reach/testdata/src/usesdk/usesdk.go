package usesdk // want package:"reaches the table SDK"

import "github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

// Client is an aztables client.
type Client = aztables.Client
