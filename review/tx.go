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
	for _, m := range x.Members {
		if m.Entity.Table != x.Table {
			r.add("TL403", m.Node, -1, "transaction %s spans tables %s and %s: it cannot commit atomically",
				name, x.Table.Name, m.Entity.Table.Name).Hint = sprintf("a transaction touches one partition of one table; %s.%s needs its own write, made safe to repeat (eventually consistent transactions pattern), or a table shared with %s",
				m.Entity.Table.Name, m.Entity.Name, x.Table.Name)
			return
		}
	}
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
	var actions int64
	for _, m := range x.Members {
		actions += m.Count * m.Entity.WireActionSize()
	}
	svc := r.d.Target.Limits()
	if payload := limits.WirePayload(actions); svc.BatchOver(payload) {
		limit := "the " + svc.BatchLimit
		if r.d.Target == model.Cosmos {
			limit = svc.BatchLimit
		}
		it := r.add("TL401", x.Node, -1, "transaction %s can send %s, over %s payload limit", name, bytesText(payload), limit)
		it.Hint = "the limit bounds the request: entities as JSON, Binary values in base64 (4 bytes for 3), Strings counted as ASCII; split the group into transactions under 4 MiB"
		if r.d.Target == model.Cosmos {
			it.Hint = "\"Batches can only have up to 2 MBs.\" (" + svc.Source + "), measured on the request (entities as JSON, Binary in base64): split the group into smaller transactions"
		}
	}
}
