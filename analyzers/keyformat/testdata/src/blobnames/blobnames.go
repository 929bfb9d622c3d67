package blobnames

import (
	"fmt"
	"strconv"
)

type Blob struct {
	Container string
	Name      string
}

// CosmosDoc has a PartitionKey but no RowKey: not a Table entity.
type CosmosDoc struct {
	ID           string `json:"id"`
	PartitionKey string
}

// EventOptions has a *string PartitionKey (Event Hubs, Service Bus).
type EventOptions struct {
	PartitionKey *string
	RowKey       *string
}

func names(i int) []string {
	blob := Blob{Container: "images", Name: "img_" + strconv.Itoa(i) + ".png"}
	path := fmt.Sprintf("logs/%d.txt", i)
	doc := CosmosDoc{ID: strconv.Itoa(i), PartitionKey: strconv.Itoa(i)}
	s := strconv.Itoa(i)
	opts := EventOptions{PartitionKey: &s}
	m := map[string]any{"Name": strconv.Itoa(i), "partitionKey": strconv.Itoa(i)}
	_, _, _ = doc, opts, m
	return []string{blob.Name, path}
}
