package pokedexc

import (
	"context"
	"encoding/json"
	"log"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue"
)

// Work takes a few commands off the queue and runs them; a sync pulls the
// whole list from the public catalogue and stores each creature.
func (d *Dex) Work(ctx context.Context, pull func(ctx context.Context, limit int) ([]Mon, error)) error {
	resp, err := d.queue.DequeueMessages(ctx, &azqueue.DequeueMessagesOptions{NumberOfMessages: to.Ptr(int32(8))})
	if err != nil {
		return err
	}
	for _, msg := range resp.Messages {
		var cmd command
		if err := json.Unmarshal([]byte(*msg.MessageText), &cmd); err != nil {
			log.Printf("skipping message %s: %v", *msg.MessageID, err)
			continue
		}
		if cmd.Function == "SyncPokemon" {
			mons, err := pull(ctx, 2000)
			if err != nil {
				return err
			}
			for _, m := range mons {
				if d.replace {
					if err := d.Put(ctx, m); err != nil {
						return err
					}
					continue
				}
				if err := d.Add(ctx, m); err != nil { // S
					return err
				}
			}
		}
		if _, err := d.queue.DeleteMessage(ctx, *msg.MessageID, *msg.PopReceipt, nil); err != nil {
			return err
		}
	}
	return nil
}
