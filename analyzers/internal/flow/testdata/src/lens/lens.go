package lens

import "lens/cut"

func sink(x []string) {}

func constants(s []string) {
	sink(s[2:10])                 // want "at most 8"
	sink(nil)                     // want "at most 0"
	sink([]string{"a", "b", "c"}) // want "at most 3"
	sink(s)                       // want "not bounded"
	sink(s[4:])                   // want "not bounded"
}

// The chunking idiom: end clamped to len(s).
func chunks(s []string) {
	for i := 0; i < len(s); i += 100 {
		end := i + 100
		if end > len(s) {
			end = len(s)
		}
		sink(s[i:end]) // want "at most 100"
	}
}

// The clamp the wrong way round: end only grows.
func raised(s []string) {
	for i := 0; i < len(s); i += 100 {
		end := i + 100
		if end < len(s) {
			end = len(s)
		}
		sink(s[i:end]) // want "not bounded"
	}
}

func minned(s []string) {
	for i := 0; i < len(s); i += 50 {
		sink(s[i:min(i+50, len(s))]) // want "at most 50"
	}
	n := min(len(s), 30)
	sink(s[:n]) // want "at most 30"
}

func clampedCount(s []string) {
	n := len(s)
	if n > 100 {
		n = 100
	}
	sink(s[:n]) // want "at most 100"
	m := len(s)
	if m > 150 {
		m = 150
	}
	sink(s[:m]) // want "at most 150"
}

// Grown in loops of a constant count.
func grown(x string) {
	b := make([]string, 0, 10)
	for i := 0; i < 10; i++ {
		b = append(b, x)
	}
	sink(b) // want "at most 10"
	var c []string
	for i := 0; i < 3; i++ {
		for j := 0; j < 4; j++ {
			c = append(c, x, x)
		}
	}
	sink(c) // want "at most 24"
	var d []string
	for range 7 {
		d = append(d, x)
	}
	sink(d) // want "at most 7"
	var e []string
	for _, y := range []string{"a", "b"} {
		e = append(e, y)
	}
	sink(e) // want "at most 2"
}

// Grown in a loop over a caller's slice: no bound.
func grownUnbounded(s []string) {
	var b []string
	for _, y := range s {
		b = append(b, y)
	}
	sink(b) // want "not bounded"
}

// A closure held in a local, given chunks.
func closures(items []string) {
	send := func(batch []string) {
		sink(batch) // want "at most 100"
	}
	for i := 0; i < len(items); i += 100 {
		send(items[i:min(i+100, len(items))])
	}
	wide := func(batch []string) {
		sink(batch) // want "not bounded"
	}
	wide(items[:10])
	wide(items)
}

// A parameter of an unexported function every call of which passes a
// chunk, through a goroutine's closure and a caller passing it on.
func put(rows []string) {
	sink(rows) // want "at most 100"
}

func commit(chunk []string) {
	done := make(chan bool)
	go func() { put(chunk); done <- true }()
	<-done
}

func Append(recs []string) {
	for start := 0; start < len(recs); start += 100 {
		stop := min(start+100, len(recs))
		var chunk []string
		for _, r := range recs[start:stop] {
			chunk = append(chunk, r)
		}
		commit(chunk)
	}
}

// One caller chunks, the other does not.
func putSome(rows []string) {
	sink(rows) // want "not bounded"
}

func Some(recs []string) {
	putSome(recs[:min(len(recs), 100)])
	putSome(recs)
}

// A guard on the length before the call.
func putChecked(rows []string) {
	sink(rows) // want "at most 100"
}

func Checked(recs []string) {
	if len(recs) > 100 {
		return
	}
	putChecked(recs)
}

// Exported: callers not all known.
func PutExported(rows []string) {
	sink(rows) // want "not bounded"
}

func grow(p *[]string, more []string) { *p = append(*p, more...) }

// A chunk grown through its address: not bounded.
func addressed(recs, extra []string) {
	chunk := recs[:min(len(recs), 10)]
	grow(&chunk, extra)
	sink(chunk) // want "not bounded"
}

// Helpers of another package, by their summaries.
func imported(s []string) {
	sink(cut.Head(s))        // want "at most 25"
	sink(cut.Pair("a", "b")) // want "at most 2"
	sink(cut.Same(s))        // want "not bounded"
}

type box struct{}

// Also called through a method value: not every call is visible.
func (b *box) putBound(rows []string) {
	sink(rows) // want "not bounded"
}

func Bound(b *box, recs []string) {
	b.putBound(recs[:10])
	f := b.putBound
	f(recs)
}

// Called only directly, with windows of 10.
func (b *box) putDirect(rows []string) {
	sink(rows) // want "at most 10"
}

func Direct(b *box, recs []string) {
	b.putDirect(recs[:10])
}
