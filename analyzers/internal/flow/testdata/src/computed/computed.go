package computed

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
)

func same(a, b string) {}

// One format of one value, written twice.
func formatted(tenant string, n int) {
	same(fmt.Sprintf("t-%s-%06d", tenant, n), fmt.Sprintf("t-%s-%06d", tenant, n)) // want `same true`
	same("k/"+strconv.Itoa(n), "k/"+strconv.Itoa(n))                               // want `same true`
	same(strings.ToLower(tenant), strings.ToLower(tenant))                         // want `same true`
}

// A helper built only of its parameter and text gives equal results for
// equal arguments.
func orderKey(id string) string { return "order-" + id }

func viaHelper(id string) {
	same(orderKey(id), orderKey(id)) // want `same true`
}

// Twins: another format, another value, a random source, a helper that
// reads state each call.
var counter int

func nextKey(id string) string {
	counter++
	return id + "-" + strconv.Itoa(counter)
}

func different(tenant, other string, n int) {
	same(fmt.Sprintf("%d", n), fmt.Sprintf("%05d", n))            // want `same false`
	same(fmt.Sprintf("t-%s", tenant), fmt.Sprintf("t-%s", other)) // want `same false`
	same(strconv.Itoa(rand.Int()), strconv.Itoa(rand.Int()))      // want `same false`
	same(nextKey(tenant), nextKey(tenant))                        // want `same false`
}
