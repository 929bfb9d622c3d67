package keys

import (
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// A made-up key of the real shape (64 bytes, base64): bytes 7 to 70.
const accountKey = "BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8wMTIzNDU2Nzg5Ojs8PT4/QEFCQ0RFRg=="

func sharedKey() (*aztables.Client, error) {
	cred, err := aztables.NewSharedKeyCredential("myaccount", accountKey) // want `TL601: account key written in the code and given to NewSharedKeyCredential`
	if err != nil {
		return nil, err
	}
	return aztables.NewClientWithSharedKey("https://myaccount.table.core.windows.net/orders", cred, nil)
}

func connString() (*aztables.ServiceClient, error) {
	cs := "DefaultEndpointsProtocol=https;AccountName=myaccount;AccountKey=" + accountKey + ";EndpointSuffix=core.windows.net"
	return aztables.NewServiceClientFromConnectionString(cs, nil) // want `TL601: connection string with an account key written in the code`
}

func inline() (*aztables.Client, error) {
	return aztables.NewClientFromConnectionString("AccountName=myaccount;AccountKey=BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8wMTIzNDU2Nzg5Ojs8PT4/QEFCQ0RFRg==;TableEndpoint=https://myaccount.table.core.windows.net/", nil) // want `TL601: connection string`
}

func legacy() (storage.Client, error) {
	key := accountKey
	return storage.NewBasicClient("myaccount", key) // want `TL601: .*given to storage.NewBasicClient`
}

// A key written in one branch is still a key written in the code.
func branchConn(local bool) (*aztables.ServiceClient, error) {
	cs := "AccountName=myaccount;AccountKey=" + accountKey
	if local {
		cs = "UseDevelopmentStorage=true"
	}
	return aztables.NewServiceClientFromConnectionString(cs, nil) // want `TL601: connection string with an account key written in the code`
}
