package trace_test

import (
	"log"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"github.com/tablelint/tablelint/trace"
)

// Record an application's table operations, with property values
// redacted, and what the service answered beside them.
func ExampleCreate() {
	results, err := os.Create("observed.jsonl")
	if err != nil {
		log.Fatal(err)
	}
	defer results.Close()
	rec, err := trace.Create("traffic.jsonl", trace.Options{
		Redact:  true,
		Results: results,
		OnError: func(err error) { log.Printf("trace: %v (recording stopped)", err) },
	})
	if err != nil {
		log.Fatal(err)
	}
	defer rec.Close()

	opts := &aztables.ClientOptions{}
	opts.PerCallPolicies = append(opts.PerCallPolicies, rec)
	svc, err := aztables.NewServiceClientFromConnectionString(os.Getenv("AZURE_STORAGE_CONNECTION_STRING"), opts)
	if err != nil {
		log.Fatal(err)
	}
	_ = svc // use the client as usual: every table operation is recorded
}
