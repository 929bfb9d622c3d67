package nullprops

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Profile struct {
	aztables.Entity
	Name     string
	Nickname string  `json:",omitempty"`
	Avatar   *string // null when nil
	Score    int     `json:"score,omitempty"`
	Tags     []byte
}

// A Replace of a literal that leaves out the optional fields: the
// service deletes the stored Nickname, Avatar, score and Tags.
func rename(ctx context.Context, c *aztables.Client, pk, rk, name string) error {
	p := Profile{Entity: aztables.Entity{PartitionKey: pk, RowKey: rk}, Name: name}
	b, _ := json.Marshal(p)
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // want `TL129: UpdateEntity in Replace mode sends no Avatar, Nickname, Tags, score \(nil or empty\): deleted`
	return err
}

// Set to nil or empty in the literal, upserted in Replace mode.
func clear(ctx context.Context, c *aztables.Client, pk, rk, name, nick string) error {
	b, _ := json.Marshal(Profile{Entity: aztables.Entity{PartitionKey: pk, RowKey: rk}, Name: name, Nickname: "", Avatar: nil, Score: 3, Tags: []byte("x")})
	opts := &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}
	_, err := c.UpsertEntity(ctx, b, opts) // want `TL129: UpsertEntity in Replace mode sends no Avatar, Nickname \(nil or empty\)`
	return err
}

// A map entry set to nil.
func mapped(ctx context.Context, c *aztables.Client, pk, rk string) error {
	b, _ := json.Marshal(map[string]any{"PartitionKey": pk, "RowKey": rk, "Name": "x", "Avatar": nil})
	_, err := c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // want `TL129: UpsertEntity in Replace mode sends no Avatar`
	return err
}

// Silent below.

// Merge (the default) keeps what is not sent.
func merge(ctx context.Context, c *aztables.Client, pk, rk, name string) error {
	b, _ := json.Marshal(Profile{Entity: aztables.Entity{PartitionKey: pk, RowKey: rk}, Name: name})
	if _, err := c.UpdateEntity(ctx, b, nil); err != nil {
		return err
	}
	_, err := c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge})
	return err
}

// Every optional field set in the literal (to values that are not
// provably empty), or assigned afterwards.
func full(ctx context.Context, c *aztables.Client, pk, rk, name, nick string, avatar *string, score int, tags []byte) error {
	p := Profile{Entity: aztables.Entity{PartitionKey: pk, RowKey: rk}, Name: name, Nickname: nick, Avatar: avatar, Score: score}
	p.Tags = tags
	b, _ := json.Marshal(p)
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// Filled by a helper.
func filled(ctx context.Context, c *aztables.Client, pk, rk string) error {
	p := Profile{Entity: aztables.Entity{PartitionKey: pk, RowKey: rk}}
	fill(&p)
	b, _ := json.Marshal(p)
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

func fill(p *Profile) { p.Name = "x" }

// An entity not built in the function.
func given(ctx context.Context, c *aztables.Client, p Profile) error {
	b, _ := json.Marshal(p)
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

type Row struct {
	PartitionKey string
	RowKey       string
	Count        int
	Note         string
}

// No pointer and no omitempty: every property is sent.
func plain(ctx context.Context, c *aztables.Client, pk, rk string) error {
	b, _ := json.Marshal(Row{PartitionKey: pk, RowKey: rk})
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

func (p *Profile) SetAvatar(a string) { p.Avatar = &a }

// A method with a pointer receiver may set the fields.
func viaMethod(ctx context.Context, c *aztables.Client, pk, rk string) error {
	p := Profile{Entity: aztables.Entity{PartitionKey: pk, RowKey: rk}, Name: "n", Nickname: "x", Score: 1, Tags: []byte("t")}
	p.SetAvatar("a.png")
	b, _ := json.Marshal(p)
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// The entity may be the one given on another path.
func either(ctx context.Context, c *aztables.Client, pk, rk string, given *Profile) error {
	p := Profile{Entity: aztables.Entity{PartitionKey: pk, RowKey: rk}, Name: "n"}
	if given != nil {
		p = *given
	}
	b, _ := json.Marshal(p)
	_, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}
