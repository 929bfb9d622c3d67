package rules

// goHints are the hints of rules whose general hint is written in design
// syntax, in Go for findings in Go code.
var goHints = map[string]string{
	// The message names the verb, whose width is the integer type's.
	"TL204": `format the number with the zero-padded verb the message names: fmt.Sprintf("%0Nd", id), N the width of its type`,
	"TL205": `format inverted ticks at 19 digits: fmt.Sprintf("%019d", math.MaxInt64-t.UnixNano())`,
	"TL408": "move it through a queue: a worker upserts the copy, deletes the original (404 counts as done) and retries until both succeed",
}

// HintFor returns rule id's hint for findings of target t when it differs
// from the rule's Hint (TL204 in Go shows Go, not design syntax), or "".
func HintFor(id string, t Target) string {
	if t == GoCode {
		return goHints[id]
	}
	return ""
}
