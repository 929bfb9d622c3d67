// Package service is the catalog's domain layer; it sees the repository
// only through an interface.
package service

import (
	"context"
	"strings"

	"example.com/read-write/catalog/store"
)

// Repository is what the service needs from storage.
type Repository interface {
	Find(ctx context.Context, filter string) ([]store.Product, error)
	Put(ctx context.Context, p store.Product) error
}

// Service answers the catalog API.
type Service struct {
	repo Repository
}

// New wires a repository.
func New(r Repository) *Service { return &Service{repo: r} }

// InCategory lists a category across every vendor partition.
func (s *Service) InCategory(ctx context.Context, category string) ([]store.Product, error) {
	return s.repo.Find(ctx, "Category eq '"+category+"'") // L: TL301 TL321
}

// ForVendor lists one vendor's products; vendors are partitions.
func (s *Service) ForVendor(ctx context.Context, vendor string) ([]store.Product, error) {
	return s.repo.Find(ctx, "PartitionKey eq '"+strings.ReplaceAll(vendor, "'", "''")+"'") // S
}

// Item reads one product.
func (s *Service) Item(ctx context.Context, vendor, sku string) ([]store.Product, error) {
	r := strings.NewReplacer("'", "''")
	return s.repo.Find(ctx, "PartitionKey eq '"+r.Replace(vendor)+"' and RowKey eq '"+r.Replace(sku)+"'") // S
}
