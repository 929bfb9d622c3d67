package labdeploya

import (
	"context"
	"log"
	"os"
	"time"
)

// Rollout states.
const (
	StateDone        = "Deployment Completed"
	StateFailed      = "Deployment Failed"
	StateDestroying  = "Destroy In Progress"
	StateDestroyed   = "Destroy Completed"
	StateDestroyFail = "Destroy Failed"
)

// Service keeps rollouts for the signed-in user and sweeps expired ones.
type Service struct {
	Store      *Store
	Account    func() (string, error)
	DefaultLab func() Lab
	Destroy    func(Lab) error
}

// List returns the user's rollouts in the active subscription, creating a
// default one when there is none.
func (v *Service) List(ctx context.Context, user string) ([]Rollout, error) {
	sub, err := v.Account()
	if err != nil {
		return nil, err
	}
	all, err := v.Store.Mine(ctx, user, sub)
	if err != nil {
		return nil, err
	}
	var keep []Rollout
	for _, r := range all {
		if r.Subscription == sub {
			keep = append(keep, r)
		}
	}
	if len(keep) == 0 {
		first := Rollout{
			ID:           user + "-default-" + sub,
			User:         user,
			Subscription: sub,
			Workspace:    "default",
			Lab:          v.DefaultLab(),
			LifespanSecs: 28800,
		}
		if err := v.Store.Save(ctx, first); err != nil { // S
			return nil, err
		}
		keep = append(keep, first)
	}
	return keep, nil
}

// Put stores r in the active subscription and logs the change.
func (v *Service) Put(ctx context.Context, r Rollout) error {
	sub, err := v.Account()
	if err != nil {
		return err
	}
	r.Subscription = sub
	go func() {
		if err := v.Store.Record(context.Background(), r); err != nil {
			log.Printf("history: %v", err)
		}
	}()
	return v.Store.Save(ctx, r)
}

// Sweep destroys the rollouts whose lifetime has run out.
func (v *Service) Sweep(ctx context.Context) {
	for _, r := range v.expired(ctx) {
		r.Status = StateDestroying
		if err := v.Put(ctx, r); err != nil { // L: TL414
			log.Printf("sweep %s: %v", r.Workspace, err)
			continue
		}
		if err := v.Destroy(r.Lab); err != nil {
			r.Status = StateDestroyFail
		} else {
			r.Status = StateDestroyed
		}
		if err := v.Put(ctx, r); err != nil { // L: TL414
			log.Printf("sweep %s: %v", r.Workspace, err)
		}
	}
}

func (v *Service) expired(ctx context.Context) []Rollout {
	user := os.Getenv("LAB_USER_PRINCIPAL_NAME")
	all, err := v.List(ctx, user)
	if err != nil {
		log.Printf("sweep: %v", err)
		return nil
	}
	now := time.Now().Unix()
	var due []Rollout
	for _, r := range all {
		if r.AutoDelete && r.DeleteAtUnix != 0 && r.DeleteAtUnix < now &&
			(r.Status == StateDone || r.Status == StateFailed) {
			due = append(due, r)
		}
	}
	return due
}
