// Package wrapperlocal writes entities through helpers of the same
// package, method values and function-typed variables.
package wrapperlocal

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Event struct {
	PartitionKey string `json:"PartitionKey"`
	RowKey       string `json:"RowKey"`
	Text         string
}

func put(ctx context.Context, c *aztables.Client, e *Event) error {
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

func record(ctx context.Context, c *aztables.Client, id, text string) error {
	e := Event{PartitionKey: time.Now().Format("2006-01-02"), RowKey: id, Text: text} // want `TL209: PartitionKey written by AddEntity \(through put\)`
	return put(ctx, c, &e)
}

func recordVar(ctx context.Context, c *aztables.Client, id string) error {
	save := put
	e := Event{PartitionKey: time.Now().Format("2006-01-02"), RowKey: id} // want `TL209: PartitionKey written by AddEntity \(through put\)`
	return save(ctx, c, &e)
}

func methodValue(ctx context.Context, c *aztables.Client, id string) {
	add := c.UpsertEntity
	e := Event{PartitionKey: time.Now().Format("2006-01-02"), RowKey: id} // want `TL209: PartitionKey written by UpsertEntity comes`
	b, _ := json.Marshal(e)
	add(ctx, b, nil)
}

// Must stay silent: the partition is the tenant, the time is in the RowKey.
func tenant(ctx context.Context, c *aztables.Client, tenant, id string) error {
	e := Event{PartitionKey: tenant, RowKey: time.Now().Format("2006-01-02") + id}
	return put(ctx, c, &e)
}

// Must stay silent: the function variable is reassigned, so which
// function it calls is not known.
func reassigned(ctx context.Context, c *aztables.Client, id string, dry bool) error {
	save := put
	if dry {
		save = func(context.Context, *aztables.Client, *Event) error { return nil }
	}
	e := Event{PartitionKey: time.Now().Format("2006-01-02"), RowKey: id}
	return save(ctx, c, &e)
}

// A closure stored in a variable writes its parameter.
func closure(ctx context.Context, c *aztables.Client, id string) error {
	save := func(e Event) error {
		b, err := json.Marshal(e)
		if err != nil {
			return err
		}
		_, err = c.AddEntity(ctx, b, nil)
		return err
	}
	e := Event{PartitionKey: time.Now().Format("2006-01-02"), RowKey: id} // want `TL209: PartitionKey written by AddEntity \(through a function literal\)`
	return save(e)
}

// Must stay silent: the closure writes a fixed entity, not its parameter.
func closureOther(ctx context.Context, c *aztables.Client, id string) error {
	audit := func(e Event) error {
		b, _ := json.Marshal(Event{PartitionKey: "audit", RowKey: id})
		_, err := c.AddEntity(ctx, b, nil)
		return err
	}
	e := Event{PartitionKey: time.Now().Format("2006-01-02"), RowKey: id}
	return audit(e)
}

// putEvent builds the entity from the key it is given.
func putEvent(ctx context.Context, c *aztables.Client, pk, id string) error {
	e := Event{PartitionKey: pk, RowKey: id}
	b, _ := json.Marshal(e)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

func keyArg(ctx context.Context, c *aztables.Client, id string) error {
	return putEvent(ctx, c, time.Now().Format("2006-01-02"), id) // want `TL209: PartitionKey written by AddEntity \(through putEvent\) comes only from time.Now\(\)`
}

// forward passes its key on: its callers are followed too.
func forward(ctx context.Context, c *aztables.Client, day, id string) error {
	return putEvent(ctx, c, day, id)
}

func keyArgForwarded(ctx context.Context, c *aztables.Client, id string) error {
	now := time.Now()
	return forward(ctx, c, now.Format("2006-01-02"), id) // want `TL209: PartitionKey written by AddEntity \(through forward\)`
}

// Must stay silent: the time goes into the RowKey.
func keyArgRow(ctx context.Context, c *aztables.Client, tenant string) error {
	return putEvent(ctx, c, tenant, time.Now().Format("2006-01-02"))
}

// Must stay silent: a method value that reads, not writes.
func methodValueRead(ctx context.Context, c *aztables.Client, id string) {
	get := c.GetEntity
	get(ctx, time.Now().Format("2006-01-02"), id, nil)
}
