package sinkservice

import (
	"context"

	"sinkrepo"
)

func use(ctx context.Context, r *sinkrepo.Repo, name string) {
	r.Find(ctx, "LastName eq 'Jones'")                          // want `TL301: query via Repo.Find at repo.go:13 scans the whole table`
	r.Find(ctx, "PartitionKey eq 'p' and RowKey eq '"+name+"'") // point: silent
	r.FindPtr(nil)                                              // want `TL301: query via Repo.FindPtr at repo.go:18 has no filter`
	r.ByDept("Sales")                                           // checked in ByDept
	r.ByDept("a/b")                                             // want `TL201: query via Repo.ByDept at repo.go:24: PartitionKey literal contains "/"`
	r.Where(ctx, "Name eq 'x' or Name eq 'y'")                  // nested under PartitionKey eq: silent
	r.Where(ctx, "Name eq 'x') or (Name eq 'y'")                // want `TL301: query via Repo.Where at repo.go:13 scans the whole table: an or across partitions`
	find(r, ctx, "RowKey eq '1'")                               // want `TL301`
}

func find(r *sinkrepo.Repo, ctx context.Context, f string) { r.Find(ctx, f) }
