// Package service: the lab service, through the repository interface.
package service

import (
	"context"

	"example.com/query-shapes/labs/domain"
)

type Service struct{ repo domain.DeploymentRepository }

func (s *Service) Mine(ctx context.Context, user string) ([]domain.Deployment, error) {
	return s.repo.ForUser(ctx, user)
}

func (s *Service) ByName(ctx context.Context, name string) ([]domain.Deployment, error) {
	return s.repo.Find(ctx, "Name eq '"+name+"'")
}

func (s *Service) Lab(ctx context.Context, lab string) ([]domain.Deployment, error) {
	return s.repo.Find(ctx, "PartitionKey eq 'lab' and RowKey eq 'x'")
}
