// Package storedtemplate: filters whose literals take their values at
// run time; the literal's form (datetime'…', '…') still gives its type.
package storedtemplate

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Shipment struct {
	aztables.Entity
	Weight  int32
	Sent    time.Time
	Arrived aztables.EDMDateTime
}

func store(ctx context.Context, c *aztables.Client, s Shipment) error {
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

func sentSince(c *aztables.Client, since string) {
	f := "PartitionKey eq 'p' and Sent ge datetime'" + since + "'"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // want `TL127: query compares Sent, a time.Time of Shipment stored as a String, with a datetime: never matches`
}

func heavier(c *aztables.Client, w string) {
	f := "PartitionKey eq 'p' and Weight gt '" + w + "'"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // want `TL323: query compares Weight, stored as Int32 by Shipment, with a String literal: never matches`
}

// Silent: the typed field, the time compared as text, and a bare value
// whose type the text does not show.
func arrivedSince(c *aztables.Client, since string) {
	f := "PartitionKey eq 'p' and Arrived ge datetime'" + since + "'"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

func sentAfterText(c *aztables.Client, since string) {
	f := "PartitionKey eq 'p' and Sent ge '" + since + "'"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

func heavierBare(c *aztables.Client, w string) {
	f := "PartitionKey eq 'p' and Weight gt " + w
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}
