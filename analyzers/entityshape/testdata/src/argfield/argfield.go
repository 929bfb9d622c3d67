package argfield

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Comment is one reader's comment on an article.
type Comment struct {
	Article string
	Author  string
	Text    string
	Sent    time.Time
}

type commentRow struct {
	PartitionKey string
	RowKey       string
	Author       string
	Text         string
}

// Board keeps the comments.
type Board struct{ c *aztables.Client }

// Post stores one comment: what the handler puts in Text is the request
// body, built into the Comment literal at the call.
func (b *Board) Post(ctx context.Context, m Comment) error { // want Post:"fills\\(1.Author→Author, 1.Text→Text\\)"
	raw, err := json.Marshal(commentRow{
		PartitionKey: m.Article,
		RowKey:       m.Sent.Format(time.RFC3339Nano),
		Author:       m.Author,
		Text:         m.Text, // want `TL122: property Text is filled from a request body \(passed at line 52\)`
	})
	if err != nil {
		return err
	}
	_, err = b.c.AddEntity(ctx, raw, nil)
	return err
}

// Handler answers POST /articles/{id}/comments.
func (b *Board) Handler() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		text, _ := io.ReadAll(r.Body)
		_ = b.Post(r.Context(), Comment{Article: r.PathValue("id"), Author: r.Header.Get("X-User"),
			Text: string(text), Sent: time.Now()})
	}
}

// Pin keeps an editor's note next to an article.
func (b *Board) Pin(ctx context.Context, m Comment) error { // want Pin:"fills\\(1.Text→Note\\)"
	raw, err := json.Marshal(map[string]any{
		"PartitionKey": m.Article,
		"RowKey":       "pinned",
		"Note":         m.Text, // want `TL122: property Note is filled from os.ReadFile \(passed at line 82\)`
	})
	if err != nil {
		return err
	}
	_, err = b.c.AddEntity(ctx, raw, nil)
	return err
}

// relay passes its comment's text on in a new literal: its callers fill
// Pin's Note.
func relay(ctx context.Context, b *Board, m Comment) error { // want relay:"fills\\(2.Text→Note\\)"
	return b.Pin(ctx, Comment{Article: m.Article, Text: m.Text})
}

func pinFile(ctx context.Context, b *Board, path string) error {
	page, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return relay(ctx, b, Comment{Article: "faq", Text: string(page)})
}

// Silent twins: the body read through a limit, a constant text, the
// author's name from a header (not a size source).
func (b *Board) LimitedHandler() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		text, _ := io.ReadAll(http.MaxBytesReader(w, r.Body, 4<<10))
		_ = b.Post(r.Context(), Comment{Article: r.PathValue("id"), Author: r.Header.Get("X-User"),
			Text: string(text), Sent: time.Now()})
	}
}

func pinWelcome(ctx context.Context, b *Board) error {
	return relay(ctx, b, Comment{Article: "welcome", Text: "Comments are read before they appear."})
}
