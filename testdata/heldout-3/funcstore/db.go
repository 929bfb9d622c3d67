// Package funcstore is the storage layer of a Functions app: one
// connection string gives a table of jobs and a queue that hands job ids
// to workers.
package funcstore

import (
	"errors"
	"log"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue"
)

// Config names the storage account the host gives the app.
type Config struct {
	WebJobsStorage string
}

// Open returns the table and queue service clients of the account.
func Open(cfg Config) (*aztables.ServiceClient, *azqueue.ServiceClient, error) {
	if cfg.WebJobsStorage == "" {
		log.Println("AzureWebJobsStorage is empty")
		return nil, nil, errors.New("no storage configured")
	}
	tables, err := aztables.NewServiceClientFromConnectionString(cfg.WebJobsStorage, nil)
	if err != nil {
		return nil, nil, err
	}
	queues, err := azqueue.NewServiceClientFromConnectionString(cfg.WebJobsStorage, nil)
	if err != nil {
		return nil, nil, err
	}
	return tables, queues, nil
}

// withRetry runs fn up to three times.
func withRetry(fn func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = fn(); err == nil {
			return nil
		}
	}
	return err
}
