// Package votepoll is a live-poll API: questions in one "Questions"
// partition, a vote counter per answer in the question's partition.
package votepoll

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

// Question is one poll question with its answers.
type Question struct {
	aztables.Entity
	Text        string
	Answers     []string // L: TL126
	IsCurrent   bool
	CreatedDate time.Time
}

// Vote counts the votes for one answer.
type Vote struct {
	aztables.Entity
	VoteCount int32
}

// API serves the poll.
type API struct{ svc *aztables.ServiceClient }

// NewAPI connects with AZURE_CONNECTION_STRING.
func NewAPI() (*API, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(os.Getenv("AZURE_CONNECTION_STRING"), nil)
	if err != nil {
		return nil, err
	}
	return &API{svc: svc}, nil
}

// AllQuestions answers GET /questions.
func (a *API) AllQuestions(w http.ResponseWriter, r *http.Request) {
	pager := a.svc.NewClient("questions").NewListEntitiesPager(nil) // L: TL301
	var out []Question
	for pager.More() {
		page, err := pager.NextPage(r.Context())
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		for _, raw := range page.Entities {
			var q Question
			if json.Unmarshal(raw, &q) == nil {
				out = append(out, q)
			}
		}
	}
	_ = json.NewEncoder(w).Encode(out)
}

// Current returns the question open for votes.
func (a *API) Current(ctx context.Context) (*Question, error) {
	f := "PartitionKey eq 'Questions' and IsCurrent eq true"
	pager := a.svc.NewClient("questions").NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL303
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var q Question
			if err := json.Unmarshal(raw, &q); err == nil {
				return &q, nil
			}
		}
	}
	return nil, nil
}

// HandleAsk answers POST /questions with a new question.
func (a *API) HandleAsk(w http.ResponseWriter, r *http.Request) {
	q := Question{
		Entity:      aztables.Entity{PartitionKey: "Questions", RowKey: uuid.NewString()},
		Text:        r.FormValue("text"), // L: TL122
		Answers:     strings.Split(r.FormValue("answers"), "|"),
		CreatedDate: time.Now().UTC(), // S
	}
	b, _ := json.Marshal(q)
	if _, err := a.svc.NewClient("questions").AddEntity(r.Context(), b, nil); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// CastVote adds one vote to an answer.
func (a *API) CastVote(ctx context.Context, question, answer string) error {
	c := a.svc.NewClient("votes")
	resp, err := c.GetEntity(ctx, question, answer, nil)
	if err != nil {
		return err
	}
	var v Vote
	if err := json.Unmarshal(resp.Value, &v); err != nil {
		return err
	}
	v.VoteCount++
	b, _ := json.Marshal(v)
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // L: TL414
	return err
}

// CastVoteChecked is CastVote conditional on the version read.
func (a *API) CastVoteChecked(ctx context.Context, question, answer string) error {
	c := a.svc.NewClient("votes")
	resp, err := c.GetEntity(ctx, question, answer, nil)
	if err != nil {
		return err
	}
	var v Vote
	if err := json.Unmarshal(resp.Value, &v); err != nil {
		return err
	}
	v.VoteCount++
	b, _ := json.Marshal(v)
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag, UpdateMode: aztables.UpdateModeMerge}) // S
	return err
}

// ResetVotes sets every answer's counter of a question back to zero.
func (a *API) ResetVotes(ctx context.Context, q Question) error {
	c := a.svc.NewClient("votes")
	for _, answer := range q.Answers {
		b, _ := json.Marshal(Vote{Entity: aztables.Entity{PartitionKey: q.RowKey, RowKey: answer}})
		if _, err := c.UpsertEntity(ctx, b, nil); err != nil { // L: TL406
			return err
		}
	}
	return nil
}

// OpenAll creates the zero counters of several questions in one request.
func (a *API) OpenAll(ctx context.Context, qs []Question) error {
	var acts []aztables.TransactionAction
	for _, q := range qs {
		for _, answer := range q.Answers {
			b, _ := json.Marshal(Vote{Entity: aztables.Entity{PartitionKey: q.RowKey, RowKey: answer}})
			acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
		}
	}
	_, err := a.svc.NewClient("votes").SubmitTransaction(ctx, acts, nil) // L: TL401 TL403
	return err
}
