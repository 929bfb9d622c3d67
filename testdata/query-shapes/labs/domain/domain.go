// Package domain: the lab service's repository interfaces.
package domain

import "context"

type Deployment struct{ User, Name string }

type DeploymentRepository interface {
	All(ctx context.Context) ([]Deployment, error)
	ForUser(ctx context.Context, user string) ([]Deployment, error)
	Find(ctx context.Context, filter string) ([]Deployment, error)
}
