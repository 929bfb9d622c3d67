package octojoba

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// RoastRequest is what the API receives (a gRPC message in the original).
type RoastRequest struct {
	Token      string
	User       string
	PromptKind int
}

type job struct {
	user, token string
	kind        int
}

// Service accepts jobs and hands them to a pool of workers.
type Service struct {
	answers Answers
	queue   chan job
	roast   func(ctx context.Context, user string, kind int) (string, error)
}

// Start records the job as running and queues it.
func (s *Service) Start(ctx context.Context, req RoastRequest) (string, error) {
	if err := s.answers.Save(ctx, req.User, req.Token, Running, nil, nil); err != nil {
		return "", err
	}
	s.queue <- job{user: req.User, token: req.Token, kind: req.PromptKind}
	return req.Token, nil
}

// Poll returns what is known of a job.
func (s *Service) Poll(ctx context.Context, req RoastRequest) (*Outcome, error) {
	return s.answers.Lookup(ctx, req.User, req.Token)
}

// work takes jobs until the context ends; a job no longer running is
// skipped, the rest are computed and their outcome saved.
func (s *Service) work(ctx context.Context, id int) {
	for {
		select {
		case <-ctx.Done():
			return
		case j := <-s.queue:
			cur, err := s.answers.Lookup(ctx, j.user, j.token)
			if err != nil {
				slog.Error("lookup", "worker", id, "err", err)
				continue
			}
			if cur.State != Running {
				continue
			}
			text, err := s.roast(ctx, j.user, j.kind)
			if err != nil {
				msg := err.Error()
				_ = s.answers.Save(ctx, j.user, j.token, Broken, &msg, nil)
				continue
			}
			if err := s.answers.Save(ctx, j.user, j.token, Done, nil, &text); err != nil {
				slog.Error("save", "worker", id, "err", err)
			}
		}
	}
}

// Retry puts a failed job back to running and counts the attempt. (added)
func (s *cosmosAnswers) Retry(ctx context.Context, user, token string) error {
	resp, err := s.jobs.GetEntity(ctx, token, jobRow(user, token), nil)
	if err != nil {
		return err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return err
	}
	n, _ := e.Properties["Attempts"].(float64)
	e.Properties["Attempts"] = int32(n) + 1
	e.Properties["Status"] = Running
	e.Properties["Error"] = nil
	b, err := json.Marshal(&e)
	if err != nil {
		return err
	}
	_, err = s.jobs.UpsertEntity(ctx, b, nil) // L: TL414
	return err
}

// Claim marks a running job as taken by one worker, only if nobody changed
// the row since it was read. (added)
func (s *cosmosAnswers) Claim(ctx context.Context, user, token, worker string) error {
	resp, err := s.jobs.GetEntity(ctx, token, jobRow(user, token), nil)
	if err != nil {
		return err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return err
	}
	e.Properties["Worker"] = worker
	b, err := json.Marshal(&e)
	if err != nil {
		return err
	}
	_, err = s.jobs.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag, UpdateMode: aztables.UpdateModeMerge}) // S
	return err
}
