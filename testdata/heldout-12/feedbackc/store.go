// Package feedbackc records thumbs-up/down feedback on AI prompts and lets
// an operator read it back.
package feedbackc

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const feedbackTable = "Feedback"

// Feedback is one rating of one prompt.
type Feedback struct {
	ID       string    `json:"id"`
	Created  time.Time `json:"created"`
	Server   string    `json:"server"`
	Prompt   string    `json:"prompt"`
	Comment  string    `json:"comment"`
	ThumbsUp bool      `json:"thumbsUp"`
}

func feedbackClient(ctx context.Context) (*aztables.Client, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(os.Getenv("AzureWebJobsStorage"), nil) // S
	if err != nil {
		return nil, err
	}
	if _, err := svc.CreateTable(ctx, feedbackTable, nil); err != nil && !strings.Contains(err.Error(), "TableAlreadyExists") {
		return nil, err
	}
	return svc.NewClient(feedbackTable), nil
}

// record stores one rating; the server arrives already hashed.
func record(ctx context.Context, fb Feedback) error {
	if strings.TrimSpace(fb.ID) == "" || strings.TrimSpace(fb.Server) == "" {
		return errors.New("id and server are required")
	}
	client, err := feedbackClient(ctx)
	if err != nil {
		return err
	}
	row := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: fb.Server, RowKey: fb.ID}, // S
		Properties: map[string]any{
			"Prompt":   fb.Prompt,                       // L: TL122
			"Comment":  fb.Comment,                      // L: TL122
			"Created":  fb.Created.Format(time.RFC3339), // S
			"ThumbsUp": fb.ThumbsUp,                     // S
		},
	}
	payload, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = client.AddEntity(ctx, payload, nil)
	return err
}

func fromRow(row aztables.EDMEntity) Feedback {
	fb := Feedback{ID: row.RowKey}
	if s, ok := row.Properties["Created"].(string); ok {
		fb.Created, _ = time.Parse(time.RFC3339, s)
	}
	fb.Prompt, _ = row.Properties["Prompt"].(string)
	fb.Comment, _ = row.Properties["Comment"].(string)
	fb.ThumbsUp, _ = row.Properties["ThumbsUp"].(bool)
	return fb
}

// everything returns every rating there is.
func everything(ctx context.Context) ([]Feedback, error) {
	client, err := feedbackClient(ctx)
	if err != nil {
		return nil, err
	}
	opts := &aztables.ListEntitiesOptions{}
	pager := client.NewListEntitiesPager(opts) // L: TL301
	out := []Feedback{}
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row aztables.EDMEntity
			if err := json.Unmarshal(raw, &row); err != nil {
				return nil, err
			}
			out = append(out, fromRow(row))
		}
	}
	return out, nil
}

// one finds a rating by its id alone.
func one(ctx context.Context, id string) (Feedback, bool, error) {
	client, err := feedbackClient(ctx)
	if err != nil {
		return Feedback{}, false, err
	}
	filter := "RowKey eq '" + id + "'" // L: TL321
	opts := &aztables.ListEntitiesOptions{
		Filter: &filter, // L: TL301
	}
	pager := client.NewListEntitiesPager(opts)
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return Feedback{}, false, err
		}
		for _, raw := range page.Entities {
			var row aztables.EDMEntity
			if err := json.Unmarshal(raw, &row); err != nil {
				return Feedback{}, false, err
			}
			return fromRow(row), true, nil
		}
	}
	return Feedback{}, false, nil
}
