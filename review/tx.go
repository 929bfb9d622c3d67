package review

import (
	"fmt"
	"strings"

	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/model"
)

func (r *reviewer) transaction(x *model.Transaction) {
	name := x.Table.Name + "." + x.Name
	first := x.Members[0].Entity
	var differ []string
	for _, m := range x.Members[1:] {
		if !m.Entity.PartitionKey.Equal(first.PartitionKey) {
			differ = append(differ, fmt.Sprintf("%s %q", m.Entity.Name, m.Entity.PartitionKey.Text))
		}
	}
	if len(differ) > 0 {
		r.add("TL403", x.Node, -1, "transaction %s spans partitions: it cannot commit atomically",
			name).Hint = sprintf("its entity types do not share a partition (%s %q, but %s): a transaction can only touch entities of one partition",
			first.Name, first.PartitionKey.Text, strings.Join(differ, ", "))
	}
	ops := x.Ops()
	if ops > limits.MaxBatchActions {
		r.add("TL401", x.Node, -1, "transaction %s writes %d entities, over the limit of %d", name, ops, limits.MaxBatchActions)
	}
	var entities int64
	for _, m := range x.Members {
		entities += m.Count * m.Entity.SizeOn(r.d.Target).Declared
	}
	svc := r.d.Target.Limits()
	if payload := limits.BatchPayload(ops, entities); svc.BatchOver(payload) {
		limit := "the " + svc.BatchLimit
		if r.d.Target == model.Cosmos {
			limit = svc.BatchLimit
		}
		it := r.add("TL401", x.Node, -1, "transaction %s can carry %s, over %s payload limit", name, bytesText(payload), limit)
		if r.d.Target == model.Cosmos {
			it.Hint = "\"Batches can only have up to 2 MBs.\" (" + svc.Source + "): split the group into smaller transactions"
		}
	}
}
