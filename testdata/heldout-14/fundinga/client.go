package fundinga

import "github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

// aztablesService opens the account named by the connection string.
func aztablesService(conn string) (*aztables.ServiceClient, error) {
	return aztables.NewServiceClientFromConnectionString(conn, nil) // S
}
