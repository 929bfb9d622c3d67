package layers

import "github.com/Azure/azure-sdk-for-go/storage"

// customer reads one customer through the legacy storage API: a point
// query, like GetEntity.
func customer(svc *storage.TableServiceClient, region, id string) error {
	t := svc.GetTableReference("Customers")
	e := t.GetEntityReference(region, id)
	return e.Get(30, storage.FullMetadata, nil)
}

// chained reads one through a chain of calls.
func chained(svc *storage.TableServiceClient, id string) error {
	return svc.GetTableReference("Customers").GetEntityReference("vip", id).Get(30, storage.NoMetadata, nil)
}

// reassigned is not a point read the extractor can name: the entity
// variable is assigned twice.
func reassigned(svc *storage.TableServiceClient, id string) error {
	t := svc.GetTableReference("Customers")
	e := t.GetEntityReference("a", id)
	if id == "" {
		e = t.GetEntityReference("b", id)
	}
	return e.Get(30, storage.NoMetadata, nil)
}
