package propadmin

import (
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type runtimePager = runtime.Pager[aztables.ListEntitiesResponse]
