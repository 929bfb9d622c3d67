// Package cosmos holds what a replay on Azure Cosmos DB for Table does
// differently from Table storage: results of a query that reads several
// partitions in an order that is not key order, a request-unit (RU)
// charge per operation, and throttling by RU a second answered 429 with
// x-ms-retry-after-ms. It also reads the charge and the retry delay from
// the service's responses, for `replay --target` against a Cosmos DB
// endpoint.
//
// engine/replay applies it when a replay's target is Cosmos DB
// (replay.EngineOptions.Cosmos, replay.Options.Cosmos; docs/replay.md,
// "Cosmos DB for Table").
package cosmos

import (
	"cmp"
	"math"
	"net/http"
	"slices"
	"strconv"

	"github.com/tablelint/tablelint/internal/cost"
)

// Order puts the keys a query returns from more than one partition in
// the order Cosmos DB may return them, which is not key order: "Query
// results returned by the API for Table aren't sorted in partition
// key/row key order as they are in Azure Table storage." (Frequently asked
// questions about Azure Cosmos DB for Table). The order is a
// pseudo-random permutation by seed, the same for the same seed and keys,
// whatever order they come in: a replay is reproducible. keys is sorted
// in place.
func Order(keys [][2]string, seed uint64) {
	slices.SortStableFunc(keys, func(a, b [2]string) int {
		if c := cmp.Compare(rank(a, seed), rank(b, seed)); c != 0 {
			return c
		}
		return cmp.Compare(a[0]+"\x00"+a[1], b[0]+"\x00"+b[1])
	})
}

// rank is a 64-bit FNV-1a hash of the seed and the keys.
func rank(k [2]string, seed uint64) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037) ^ seed
	h *= prime
	for _, s := range k {
		for i := 0; i < len(s); i++ {
			h ^= uint64(s[i])
			h *= prime
		}
		h ^= 0xff // separates the keys: ("ab","c") is not ("a","bc")
		h *= prime
	}
	return h
}

// Kind is what an operation does, for its charge.
type Kind uint8

// The kinds of operations.
const (
	Read  Kind = iota // a point read
	Query             // a query: it reads entities
	Write             // an insert, update, upsert or delete
)

// Charge returns the request units of an operation by the documented
// model of cost.ReadRU and cost.WriteRU (Microsoft Learn, "Understand
// request unit consumption"): a point read of an entity of bytes bytes,
// a write of one, or a query that reads n entities of bytes bytes each,
// one RU per KiB read and at least one (as design review counts it).
func Charge(k Kind, bytes float64, n int) float64 {
	switch k {
	case Read:
		return cost.ReadRU(bytes)
	case Write:
		return cost.WriteRU(bytes)
	}
	return cost.QueryRU(float64(n) * bytes)
}

// Budget throttles operations by the RU they are charged a second, as
// provisioned throughput does: "If, in any given second, the operations
// consume more RUs than the provisioned RU/s, Azure Cosmos DB will return
// a 429 exception." (Microsoft Learn, "Review rate-limiting errors"). The
// zero Budget (or one of 0 RU/s: serverless) never throttles.
type Budget struct {
	// RUPerSecond is the provisioned RU/s (or the autoscale maximum).
	RUPerSecond float64
	second      int64
	spent       float64
}

// Spend charges ru at time ms (milliseconds from the start). It returns
// true when the second's budget holds it; otherwise the operation is
// answered 429 and retryAfterMs is how long until the next second, the
// value of x-ms-retry-after-ms. A throttled operation is not charged.
func (b *Budget) Spend(ms int64, ru float64) (ok bool, retryAfterMs int64) {
	if b.RUPerSecond <= 0 {
		return true, 0
	}
	if sec := ms / 1000; sec != b.second {
		b.second, b.spent = sec, 0
	}
	if b.spent+ru > b.RUPerSecond && b.spent > 0 {
		return false, 1000 - ms%1000
	}
	// An operation alone over the budget runs (Cosmos DB charges it and
	// throttles what follows): the budget is then spent.
	b.spent += ru
	return true, 0
}

// Response is what a Cosmos DB response says about its cost.
type Response struct {
	// Charge is x-ms-request-charge; Charged says the header was there.
	Charge  float64
	Charged bool
	// Throttled is a 429 answer; RetryAfterMs its x-ms-retry-after-ms
	// (0 when absent).
	Throttled    bool
	RetryAfterMs int64
}

// ParseResponse reads the request charge and, for a 429, the retry delay
// of a response. Malformed or negative values are left out.
func ParseResponse(status int, h http.Header) Response {
	var r Response
	if v := h.Get("x-ms-request-charge"); v != "" {
		if f, err := strconv.ParseFloat(v, 64); err == nil && f >= 0 && !math.IsInf(f, 0) {
			r.Charge, r.Charged = f, true
		}
	}
	if status == http.StatusTooManyRequests {
		r.Throttled = true
		if v := h.Get("x-ms-retry-after-ms"); v != "" {
			if f, err := strconv.ParseFloat(v, 64); err == nil && f >= 0 && f < 1e9 {
				r.RetryAfterMs = int64(math.Ceil(f))
			}
		}
	}
	return r
}
