package readhelper

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Plan is a subscription plan kept as one row.
type Plan struct {
	Code  string
	Tier  string
	Seats int
	Flags map[string]bool
}

type plans struct{ tc *aztables.Client }

// byCode reads a plan; the response (and its ETag) stays here.
func (p *plans) byCode(ctx context.Context, code string) (Plan, error) {
	resp, err := p.tc.GetEntity(ctx, "plan", code, nil)
	if err != nil {
		return Plan{}, err
	}
	var pl Plan
	err = json.Unmarshal(resp.Value, &pl)
	return pl, err
}

// asRow lays a plan out as a row: a map built from its fields.
func asRow(pl Plan) ([]byte, error) {
	flags, _ := json.Marshal(pl.Flags)
	return json.Marshal(map[string]any{
		"PartitionKey": "plan",
		"RowKey":       pl.Code,
		"tier":         pl.Tier,
		"seats":        pl.Seats,
		"flags":        string(flags),
	})
}

// Read by a helper, laid out by another, written without a condition.
func (p *plans) resize(ctx context.Context, code string, seats int) error {
	pl, err := p.byCode(ctx, code)
	if err != nil {
		return err
	}
	pl.Seats = seats
	b, err := asRow(pl)
	if err != nil {
		return err
	}
	_, err = p.tc.UpsertEntity(ctx, b, nil) // want `TL414: UpsertEntity writes back an entity read by GetEntity \(through byCode\) without IfMatch`
	return err
}

// Silent: a plan made here, never read, laid out the same way.
func (p *plans) open(ctx context.Context, code string) error {
	b, err := asRow(Plan{Code: code, Tier: "free", Seats: 1})
	if err != nil {
		return err
	}
	_, err = p.tc.UpsertEntity(ctx, b, nil)
	return err
}

// Silent: a copy under keys of its own, built from what was read.
func (p *plans) archive(ctx context.Context, code string) error {
	pl, err := p.byCode(ctx, code)
	if err != nil {
		return err
	}
	b, _ := json.Marshal(map[string]any{"PartitionKey": "retired", "RowKey": pl.Code, "tier": pl.Tier})
	_, err = p.tc.UpsertEntity(ctx, b, nil)
	return err
}

// Repo keeps values of any type, one per row, in one partition.
type Repo[V any] struct {
	tc   *aztables.Client
	part string
	old  string
}

// Load decodes one row into a V; the ETag stays here.
func (r *Repo[V]) Load(ctx context.Context, id string) (V, error) {
	var v V
	resp, err := r.tc.GetEntity(ctx, r.part, id, nil)
	if err != nil {
		return v, err
	}
	err = json.Unmarshal(resp.Value, &v)
	return v, err
}

// Merge lays changes over the stored value through a generic map and
// replaces the row with no condition.
func (r *Repo[V]) Merge(ctx context.Context, id string, changes map[string]any) error {
	cur, err := r.Load(ctx, id)
	if err != nil {
		return err
	}
	raw, _ := json.Marshal(cur)
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return err
	}
	for k, v := range changes {
		m[k] = v
	}
	m["PartitionKey"], m["RowKey"] = r.part, id
	b, _ := json.Marshal(m)
	_, err = r.tc.UpdateEntity(ctx, b, nil) // want `TL414: UpdateEntity rewrites the entity read by GetEntity \(through Load\) from its data without IfMatch`
	return err
}

// Silent: the value read, merged and kept under another partition (a
// field of the receiver other than the read's).
func (r *Repo[V]) Retire(ctx context.Context, id string) error {
	cur, err := r.Load(ctx, id)
	if err != nil {
		return err
	}
	raw, _ := json.Marshal(cur)
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return err
	}
	m["PartitionKey"], m["RowKey"] = r.old, id
	b, _ := json.Marshal(m)
	_, err = r.tc.UpsertEntity(ctx, b, nil)
	return err
}

// Silent: the same map made from the caller's changes alone.
func (r *Repo[V]) Put(ctx context.Context, id string, changes map[string]any) error {
	m := map[string]any{}
	for k, v := range changes {
		m[k] = v
	}
	m["PartitionKey"], m["RowKey"] = r.part, id
	b, _ := json.Marshal(m)
	_, err := r.tc.UpdateEntity(ctx, b, nil)
	return err
}

// A generic function, not a method: the read in it, the write in the
// caller.
func fetch[V any](ctx context.Context, tc *aztables.Client, pk, rk string) (V, error) {
	var v V
	resp, err := tc.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return v, err
	}
	err = json.Unmarshal(resp.Value, &v)
	return v, err
}

func rename(ctx context.Context, tc *aztables.Client, code, tier string) error {
	pl, err := fetch[Plan](ctx, tc, "plan", code)
	if err != nil {
		return err
	}
	pl.Tier = tier
	b, _ := json.Marshal(pl)
	_, err = tc.UpdateEntity(ctx, b, nil) // want `TL414: UpdateEntity writes back an entity read by GetEntity \(through fetch\) without IfMatch`
	return err
}

// Silent: the read's ETag is passed.
func renameIf(ctx context.Context, tc *aztables.Client, code, tier string) error {
	resp, err := tc.GetEntity(ctx, "plan", code, nil)
	if err != nil {
		return err
	}
	var pl Plan
	_ = json.Unmarshal(resp.Value, &pl)
	pl.Tier = tier
	b, _ := json.Marshal(pl)
	_, err = tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag})
	return err
}
