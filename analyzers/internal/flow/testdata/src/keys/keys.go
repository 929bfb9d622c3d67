package keys

import "encoding/json"

func same(a, b any)                   {}
func written(b []byte, pk, rk string) {}

type Entity struct {
	PartitionKey string
	RowKey       string
}

type row struct {
	Entity
	Size int
}

type holder struct {
	pk, rk, other string
}

// One field of one receiver, never assigned here: the same value.
func (h *holder) fields() {
	a := h.pk
	same(a, h.pk)    // want `same true`
	same(h.pk, h.rk) // want `same false`
}

// Assigned in between: not known to be the same.
func (h *holder) moved(next string) {
	a := h.rk
	h.rk = next
	same(a, h.rk) // want `same false`
}

// The same field of two values: maybe two values.
func two(x, y *holder) {
	same(x.pk, y.pk) // want `same false`
}

// Constants by their value; parameters by identity.
func consts(p, q string) {
	const k = "orders"
	same(k, "orders") // want `same true`
	same("a", "b")    // want `same false`
	same(p, p)        // want `same true`
	same(p, q)        // want `same false`
}

// Keys of a map literal, of a struct's promoted fields, of an embedded
// literal.
func literals(h *holder, n int) {
	b, _ := json.Marshal(map[string]any{"PartitionKey": h.pk, "RowKey": h.rk, "Size": n})
	written(b, h.pk, h.rk) // want `keys same same`
	r := row{Size: n}
	r.PartitionKey, r.RowKey = h.pk, h.other
	b, _ = json.Marshal(r)
	written(b, h.pk, h.rk) // want `keys same other`
	b, _ = json.Marshal(row{Entity: Entity{PartitionKey: h.pk, RowKey: h.rk}})
	written(b, h.pk, h.rk) // want `keys same same`
}

// A key set twice (the RowKey here), or a computed map entry: unknown.
func unknown(h *holder, k string) {
	r := row{Entity: Entity{PartitionKey: h.pk, RowKey: h.rk}}
	r.RowKey = h.other
	b, _ := json.Marshal(r)
	written(b, h.pk, h.rk) // want `keys same unknown`
	b, _ = json.Marshal(map[string]any{"PartitionKey": h.pk, k: h.rk})
	written(b, h.pk, h.rk) // want `keys unknown unknown`
}
