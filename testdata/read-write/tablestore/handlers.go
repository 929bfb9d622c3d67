package tablestore

import (
	"context"
	"strconv"
)

// OpenTickets lists open tickets across every tenant.
func (s *Storage) OpenTickets(ctx context.Context, page int) ([]Row, error) {
	return s.Query(ctx, "Status eq 'open'", 100, page) // L: TL301
}

// TenantTickets lists one tenant's tickets; the tenant is a header value.
func (s *Storage) TenantTickets(ctx context.Context, tenant string, page int) ([]Row, error) {
	return s.Query(ctx, "PartitionKey eq '"+tenant+"'", 100, page) // L: TL321
}

// Ticket reads one ticket by number.
func (s *Storage) Ticket(ctx context.Context, tenant string, number int) ([]Row, error) {
	return s.Query(ctx, "PartitionKey eq 'tickets' and RowKey eq '"+strconv.Itoa(number)+"'", 1, 1) // S
}
