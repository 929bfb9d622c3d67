package trace

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// Result is one line of a results file: what one operation of a trace
// answered. Recorder writes them (Options.Results), and so does
// `tablelint replay --results`.
type Result struct {
	I      int          `json:"i"`
	Status int          `json:"status"`
	Keys   *[][2]string `json:"keys,omitempty"`
	// Returned is the number of entities a get or query returned. The
	// recorder writes it instead of Keys when the response did not carry
	// the keys (a $select without PartitionKey and RowKey); replays
	// write both.
	Returned *int `json:"returned,omitempty"`
}

// ReadResults reads a results file, one JSON object a line, and returns
// the results in the order of their index i. name names it in errors.
func ReadResults(r io.Reader, name string) ([]Result, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 256<<20)
	var out []Result
	for n := 1; sc.Scan(); n++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var res Result
		if err := json.Unmarshal(sc.Bytes(), &res); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		out = append(out, res)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	slices.SortStableFunc(out, func(a, b Result) int { return a.I - b.I })
	return out, nil
}

// Mismatch is an operation whose two results differ.
type Mismatch struct {
	I    int
	A, B Result
	// Missing names the side without a result for I ("a" or "b").
	Missing string
}

func (m Mismatch) String() string {
	switch m.Missing {
	case "a":
		return fmt.Sprintf("operation %d: only in the second results", m.I)
	case "b":
		return fmt.Sprintf("operation %d: only in the first results", m.I)
	}
	if !sameStatus(m.A.Status, m.B.Status) {
		return fmt.Sprintf("operation %d: status %d vs %d", m.I, m.A.Status, m.B.Status)
	}
	if m.A.Keys == nil || m.B.Keys == nil {
		return fmt.Sprintf("operation %d: %d entities vs %d", m.I, count(m.A), count(m.B))
	}
	return fmt.Sprintf("operation %d: keys %v vs %v", m.I, keysOf(m.A), keysOf(m.B))
}

// count returns the number of entities r returned: its keys', or its
// count where it has no keys (-1 when it has neither).
func count(r Result) int {
	switch {
	case r.Keys != nil:
		return len(*r.Keys)
	case r.Returned != nil:
		return *r.Returned
	}
	return -1
}

// sameEntities compares what two results returned: the keys where both
// have them; the number of entities where one has only the number (a
// recorded $select without the keys) and the other the keys.
func sameEntities(a, b Result) bool {
	switch {
	case a.Keys != nil && b.Keys != nil:
		return slices.Equal(*a.Keys, *b.Keys)
	case a.Keys == nil && a.Returned != nil && b.Keys != nil,
		b.Keys == nil && b.Returned != nil && a.Keys != nil:
		return count(a) == count(b)
	}
	return true
}

func keysOf(r Result) [][2]string {
	if r.Keys == nil {
		return nil
	}
	return *r.Keys
}

// sameStatus compares statuses, taking 201 and 204 as the same success:
// the aztables SDK asks the service not to echo inserted entities and
// created tables (Prefer: return-no-content, answered with 204), while
// the engine answers as to a client that did not ask (201).
func sameStatus(a, b int) bool {
	if a == b {
		return true
	}
	ok := func(s int) bool { return s == 201 || s == 204 }
	return ok(a) && ok(b)
}

// Compare compares two sorted result lists operation by operation: the
// status, and the keys where both have keys — or, where one has only the
// number of entities returned, that number. It returns the mismatches.
func Compare(a, b []Result) []Mismatch {
	var out []Mismatch
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i].I < b[j].I):
			out = append(out, Mismatch{I: a[i].I, A: a[i], Missing: "b"})
			i++
		case i == len(a) || b[j].I < a[i].I:
			out = append(out, Mismatch{I: b[j].I, B: b[j], Missing: "a"})
			j++
		default:
			x, y := a[i], b[j]
			if !sameStatus(x.Status, y.Status) || !sameEntities(x, y) {
				out = append(out, Mismatch{I: x.I, A: x, B: y})
			}
			i++
			j++
		}
	}
	return out
}
