package badchars

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Order struct {
	PartitionKey string
	RowKey       string
	Total        int
}

func literal(ctx context.Context, c *aztables.Client) error {
	e := aztables.Entity{PartitionKey: "sales/emea", RowKey: "1"} // want `TL201: PartitionKey "sales/emea" contains "/", which keys cannot contain`
	b, _ := json.Marshal(e)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

func read(ctx context.Context, c *aztables.Client, id string) error {
	_, err := c.GetEntity(ctx, "a#b", id, nil) // want `TL201: PartitionKey "a#b" contains "#"`
	return err
}

func formatted(ctx context.Context, c *aztables.Client, customer string, n int) error {
	rk := fmt.Sprintf("%s?%d", customer, n)
	o := Order{PartitionKey: customer, RowKey: rk} // want `TL201: RowKey "\{\?\}\?\{\?\}" contains "\?"`
	b, _ := json.Marshal(o)
	_, err := c.UpsertEntity(ctx, b, nil)
	return err
}

func mapped(ctx context.Context, c *aztables.Client, id string) error {
	m := map[string]any{"PartitionKey": `C:\data`, "RowKey": id} // want `TL201: PartitionKey .* contains "\\\\"`
	b, _ := json.Marshal(m)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

func control(ctx context.Context, c *aztables.Client) error {
	_, err := c.DeleteEntity(ctx, "p", "line\nbreak", nil) // want `TL201: RowKey .* contains the control character U\+000A`
	return err
}

// A long key is left out of the message, which states the character only.
func longControl(ctx context.Context, c *aztables.Client) error {
	_, err := c.DeleteEntity(ctx, "p", "a rather long row key of many words\tand a tab", nil) // want `^TL201: RowKey contains the control character U\+0009, which keys cannot contain$`
	return err
}

// Through a helper that makes its parameter the RowKey.
func put(ctx context.Context, c *aztables.Client, pk, rk string) error {
	b, _ := json.Marshal(Order{PartitionKey: pk, RowKey: rk})
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

func viaHelper(ctx context.Context, c *aztables.Client, user string) error {
	return put(ctx, c, "users", "profile/"+user) // want `TL201: RowKey "profile/\{\?\}" contains "/"`
}

type Ticket struct {
	PartitionKey string
	RowKey       string
	Subject      string
}

// A key helper with an error result: the key is what it returns on
// success.
func ticketKey(queue string, id int) (string, error) {
	if queue == "" {
		return "", fmt.Errorf("no queue")
	}
	return "queue#" + queue, nil // want `TL201: PartitionKey "queue#\{\?\}" contains "#"`
}

func openTicket(ctx context.Context, c *aztables.Client, queue string, id int, subject string) error {
	pk, err := ticketKey(queue, id)
	if err != nil {
		return err
	}
	b, _ := json.Marshal(Ticket{PartitionKey: pk, RowKey: fmt.Sprint(id), Subject: subject})
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// Both keys from one helper.
func ticketKeys(queue string, id int) (string, string) {
	return queue, fmt.Sprintf("%d\\%d", id/1000, id) // want `TL201: RowKey "\{\?\}\\\\\{\?\}" contains "\\\\"`
}

func closeTicket(ctx context.Context, c *aztables.Client, queue string, id int) error {
	p, r := ticketKeys(queue, id)
	_, err := c.DeleteEntity(ctx, p, r, nil)
	return err
}
