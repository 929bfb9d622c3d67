// Package octojoba runs long "roast my GitHub profile" jobs in the
// background: a request names an idempotency token, the job's state lives
// in an Azure Cosmos DB for Table row keyed by that token, and the client
// polls it until the answer is there.
package octojoba

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// State is where a job stands.
type State string

const (
	Running State = "IN_PROGRESS"
	Done    State = "COMPLETE"
	Broken  State = "FAILED"
)

// Outcome is what the poller sees.
type Outcome struct {
	State  State
	Err    *string
	Answer *string
}

// Answers is the store the API and the workers share.
type Answers interface {
	Lookup(ctx context.Context, user, token string) (*Outcome, error)
	Save(ctx context.Context, user, token string, st State, errText, answer *string) error
}

var (
	ErrNoAnswer   = errors.New("no answer yet")
	errSaveFailed = errors.New("could not save the answer")
	errReadFailed = errors.New("could not read the answer")
)

type cosmosAnswers struct {
	jobs *aztables.Client
}

// OpenAnswers connects to the job table with the service's identity.
func OpenAnswers(cred azcore.TokenCredential) (Answers, error) {
	svc, err := aztables.NewServiceClient("https://octoroastdb.table.cosmos.azure.com:443/", cred, nil)
	if err != nil {
		return nil, errors.Join(errReadFailed, err)
	}
	return &cosmosAnswers{jobs: svc.NewClient("roastjobs")}, nil
}

// jobRow: one row per (user, token); the token alone is the partition.
func jobRow(user, token string) string { return user + ":" + token }

func (s *cosmosAnswers) Lookup(ctx context.Context, user, token string) (*Outcome, error) {
	resp, err := s.jobs.GetEntity(ctx, token, jobRow(user, token), nil) // S
	if err != nil {
		if strings.Contains(err.Error(), "404") {
			return nil, errors.Join(ErrNoAnswer, err)
		}
		return nil, errors.Join(errReadFailed, err)
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return nil, errors.Join(ErrNoAnswer, err)
	}
	st, ok := e.Properties["Status"].(string)
	if !ok {
		return nil, ErrNoAnswer
	}
	out := &Outcome{State: State(st)}
	if v, ok := e.Properties["Error"].(string); ok {
		out.Err = &v
	}
	if v, ok := e.Properties["Response"].(string); ok {
		out.Answer = &v
	}
	return out, nil
}

// Save writes the job's whole state; it never reads the row first.
func (s *cosmosAnswers) Save(ctx context.Context, user, token string, st State, errText, answer *string) error {
	e := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: token, // S
			RowKey:       jobRow(user, token),
		},
		Properties: map[string]any{
			"Status":   st,
			"Error":    errText,
			"Response": answer,
		},
	}
	b, err := json.Marshal(&e)
	if err != nil {
		return errors.Join(errSaveFailed, err)
	}
	if _, err := s.jobs.UpsertEntity(ctx, b, nil); err != nil { // S
		return errors.Join(errSaveFailed, err)
	}
	return nil
}
