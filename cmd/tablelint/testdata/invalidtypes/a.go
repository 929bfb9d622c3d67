// Package invalidtypes uses the SDK with values whose types come from an
// import that does not resolve (a generated package not committed): the
// analyzers report what is certain without it and nothing built on the
// invalid types. Each finding expected is marked "want" on its line.
package invalidtypes

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	pb "example.com/not/generated/pb"
)

// Certain without pb: the filter and the request value are typed.
func injected(c *aztables.Client, r *http.Request) {
	f := fmt.Sprintf("LastName eq '%s'", r.FormValue("n"))                 // want TL321
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // want TL301
	p.NextPage(context.Background())                                       // want TL307
}

// The filter comes from pb: nothing is known of it.
func filterFromPB(c *aztables.Client) {
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(pb.Filter)})
	for p.More() {
		if _, err := p.NextPage(context.Background()); err != nil {
			return
		}
	}
}

// The format comes from pb: whether the value is quoted is unknown.
func formatFromPB(c *aztables.Client, r *http.Request) {
	f := fmt.Sprintf(pb.Format, r.FormValue("n"))
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for p.More() {
		if _, err := p.NextPage(context.Background()); err != nil {
			return
		}
	}
}

// The client comes from pb: its calls are not the SDK's as far as the
// types tell.
func clientFromPB(ctx context.Context) {
	c := pb.NewClient()
	p := c.NewListEntitiesPager(nil)
	p.NextPage(ctx)
	c.AddEntity(ctx, nil, nil)
}

// Entities of a pb type.
func entityFromPB(ctx context.Context, c *aztables.Client) error {
	e := pb.Entity{PartitionKey: pb.Key, RowKey: "r", Name: pb.Name}
	data, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, data, nil)
	return err
}

// Table names and keys from pb.
func namesFromPB(ctx context.Context, svc *aztables.ServiceClient) error {
	c := svc.NewClient(pb.Table)
	_, err := c.GetEntity(ctx, pb.Key, pb.Row(), nil)
	if err != nil {
		return err
	}
	_, err = c.DeleteEntity(ctx, pb.Key, pb.Row(), &aztables.DeleteEntityOptions{IfMatch: pb.ETag})
	return err
}

// A batch whose entities and keys come from pb.
func batchFromPB(ctx context.Context, c *aztables.Client) error {
	var actions []aztables.TransactionAction
	for _, e := range pb.Entities {
		data, _ := json.Marshal(e)
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: data})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}

// An options value of a pb type, a top from pb.
func optionsFromPB(c *aztables.Client) {
	p := c.NewListEntitiesPager(pb.Options)
	for p.More() {
		_, _ = p.NextPage(context.Background())
	}
	q := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: pb.Top, Filter: to.Ptr("PartitionKey eq 'p'")})
	for q.More() {
		if _, err := q.NextPage(context.Background()); err != nil {
			return
		}
	}
}

// Undefined names of this package's own (a file that did not parse).
func undefined(c *aztables.Client) {
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr(notDeclared)})
	for p.More() {
		if _, err := p.NextPage(context.Background()); err != nil {
			return
		}
	}
	var v pb.Thing
	v.Method(c)
	go pb.Run(c)
}

// The analyzers built on SSA, one family each, in functions that are
// well-typed though the package is not; a helper that is not (it uses
// pb) contributes nothing.

// Store holds a field of a pb type; its methods that do not use it are
// well-typed.
type Store struct {
	c    *aztables.Client
	meta pb.Meta
}

// Counter is an entity.
type Counter struct {
	PartitionKey, RowKey string
	Count                int
}

// increment writes back what it read without the ETag (etag).
func (s *Store) increment(ctx context.Context, pk, rk string) error {
	resp, err := s.c.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var e Counter
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return err
	}
	e.Count++
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = s.c.UpdateEntity(ctx, b, nil) // want TL414
	return err
}

// Document is an entity with properties a request fills.
type Document struct {
	PartitionKey, RowKey string
	Body                 string
}

// upload stores a request body whole (entityshape).
func upload(ctx context.Context, c *aztables.Client, r *http.Request) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	doc := Document{PartitionKey: "docs", RowKey: "1", Body: string(body)} // want TL122
	b, _ := json.Marshal(doc)
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// badKey reads a key with a character keys cannot hold (keychars).
func badKey(ctx context.Context, c *aztables.Client, id string) error {
	_, err := c.GetEntity(ctx, "a#b", id, nil) // want TL201
	return err
}

// today partitions by the current day (timepartition).
func today(ctx context.Context, c *aztables.Client, id string) {
	pk := time.Now().Format("2006-01-02")
	b, _ := json.Marshal(map[string]any{"PartitionKey": pk, "RowKey": id}) // want TL209
	c.UpsertEntity(ctx, b, nil)
}

// keyFromPB is ill-typed: what it returns is unknown, so its callers'
// keys are not judged.
func keyFromPB() string { return pb.Key + "#" }

func keyOfHelper(ctx context.Context, c *aztables.Client) error {
	_, err := c.GetEntity(ctx, keyFromPB(), "r", nil)
	return err
}
