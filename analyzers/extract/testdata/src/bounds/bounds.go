// Package bounds writes string properties whose length the code bounds
// before the write, and some it does not.
package bounds

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"unicode/utf8"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Profile struct {
	PartitionKey string
	RowKey       string
	Name         string
	Bio          string
	Title        string
	Note         string
	Code         string
	Short        string
	City         string
	Motto        string
	Nick         string
}

type store struct{ c *aztables.Client }

var errTooLong = errors.New("too long")

func (s *store) Save(ctx context.Context, id, name, bio, title, note, code, short, city, motto, nick, other string) error {
	if len(name) > 64 { // Name: 64
		return errTooLong
	}
	if id == "" || utf8.RuneCountInString(bio) > 100 { // Bio: 100 runes, 200 code units
		return errTooLong
	}
	if len(title) > 80 { // Title: truncated to 80
		title = title[:80]
	}
	if len(short) >= 33 { // Short: 32
		panic("short")
	}
	if len(other) > 10 { // a check of another value: City is not bounded
		return errTooLong
	}
	if len(motto) > 20 { // logs, does not stop: Motto is not bounded
		log.Print("long motto")
	}
	if len(nick) > 12 { // Nick is checked, then changed: not bounded
		return errTooLong
	}
	nick = nick + "!"
	if len(code) <= 8 { // Code: written only when it fits
		p := Profile{
			PartitionKey: id,
			RowKey:       name,
			Name:         name,
			Bio:          bio,
			Title:        title,
			Note:         note[:min(len(note), 500)], // Note: 500
			Code:         code,
			Short:        short,
			City:         city,
			Motto:        motto,
			Nick:         nick,
		}
		b, _ := json.Marshal(p)
		_, err := s.c.AddEntity(ctx, b, nil)
		return err
	}
	return errTooLong
}

// Tag writes a map whose Label is cut to 16 bytes, and whose Text is
// checked only in another function.
func (s *store) Tag(ctx context.Context, id, label, text string) error {
	check(text)
	e := map[string]any{
		"PartitionKey": "tags",
		"RowKey":       id,
		"Label":        label[:16],
		"Text":         text,
	}
	b, _ := json.Marshal(e)
	_, err := s.c.UpsertEntity(ctx, b, nil)
	return err
}

func check(text string) {
	if len(text) > 5 {
		panic("long")
	}
}

type Badge struct {
	PartitionKey string
	RowKey       string
	Label        string
}

// Award cuts the label; Rename does not: the design's Badge.Label is not
// bounded.
func (s *store) Award(ctx context.Context, id, label string) error {
	b, _ := json.Marshal(Badge{PartitionKey: "badges", RowKey: id, Label: label[:16]})
	_, err := s.c.AddEntity(ctx, b, nil)
	return err
}

func (s *store) Rename(ctx context.Context, id, label string) error {
	b, _ := json.Marshal(Badge{PartitionKey: "badges", RowKey: id, Label: label})
	_, err := s.c.UpdateEntity(ctx, b, nil)
	return err
}
