module example.com/app

go 1.24

require (
	example.com/lib v1.0.0
	github.com/Azure/azure-sdk-for-go/sdk/data/aztables v1.4.0
)

require (
	github.com/Azure/azure-sdk-for-go/sdk/azcore v1.18.0 // indirect
	github.com/Azure/azure-sdk-for-go/sdk/internal v1.11.1 // indirect
	golang.org/x/net v0.41.0 // indirect
	golang.org/x/text v0.26.0 // indirect
)

replace example.com/lib => ../lib
