package shapes

import (
	"context"
	"encoding/json"
	"os"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Order struct {
	PartitionKey string
	RowKey       string
	Customer     string `json:"customer"`
	Total        float64
	Placed       time.Time
	PlacedType   string `json:"Placed@odata.type"`
	Skipped      string `json:"-"`
}

type repo struct{ c *aztables.Client }

func newRepo(cred *aztables.SharedKeyCredential) *repo {
	c, _ := aztables.NewClientWithSharedKey("https://acct.table.core.windows.net/Orders", cred, nil)
	return &repo{c: c}
}

// put writes whatever it is given: a helper.
func (r *repo) put(ctx context.Context, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = r.c.UpsertEntity(ctx, b, nil)
	return err
}

func (r *repo) place(ctx context.Context, customer string, n int, when time.Time) error {
	o := Order{
		PartitionKey: customer,
		RowKey:       when.Format("20060102150405") + "-" + strconv.Itoa(n),
		Customer:     customer,
		PlacedType:   "Edm.DateTime",
	}
	return r.put(ctx, o)
}

func (r *repo) replace(ctx context.Context, customer string, n int) error {
	o := Order{PartitionKey: customer, RowKey: strconv.Itoa(n)}
	b, _ := json.Marshal(o)
	_, err := r.c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeUpdateReplace, Entity: b},
		{ActionType: aztables.TransactionTypeDelete, Entity: b},
	}, nil)
	return err
}

func (r *repo) recent(ctx context.Context, customer string, since time.Time) {
	f := "PartitionKey eq '" + customer + "' and Placed ge datetime'" + since.Format(time.RFC3339) + "' and Total gt 10.5"
	r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// audit's table name is configuration.
func audit(ctx context.Context, svc *aztables.ServiceClient, user string) {
	c := svc.NewClient(os.Getenv("AUDIT_TABLE"))
	b, _ := json.Marshal(map[string]any{"PartitionKey": user, "RowKey": "x"})
	c.AddEntity(ctx, b, nil)
}
