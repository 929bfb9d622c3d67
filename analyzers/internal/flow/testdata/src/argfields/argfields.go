package argfields

import (
	"io"
	"net/http"
	"os"
	"time"
)

// Letter is handed to deliver, which makes something of its Body.
type Letter struct {
	To   string
	Body string
	At   time.Time
}

func deliver(l Letter) {}

// A literal written at the call.
func fromRequest(r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	deliver(Letter{To: r.FormValue("to"), Body: string(b)}) // want `^\{request:r.Body\}$`
}

// A variable filled in a branch before the call: both values reach it.
func fromFile(path string, short bool) {
	l := Letter{To: "ops", Body: "empty"}
	if !short {
		text, _ := os.ReadFile(path)
		l.Body = string(text)
	}
	deliver(l) // want `^\{read:os.ReadFile\} \| empty$`
}

// The caller's own parameter: a Param hole of the caller.
func forward(body string) {
	deliver(Letter{To: "ops", Body: body}) // want `^\{param0:body\}$`
}

// Silent twins: a constant, and a field the caller never sets (the
// zero value).
func fixed() {
	deliver(Letter{To: "ops", Body: "all clear"}) // want `^all clear$`
}

func unset() {
	deliver(Letter{To: "ops", At: time.Now()}) // want `^$`
}

// Options are handed to deliverOpts by pointer; Filter is a *string.
type Options struct {
	Filter *string
	Top    *int32
}

func deliverOpts(o *Options) {}

// Ptr returns a pointer to a copy of v (as azcore's to.Ptr does).
func Ptr[T any](v T) *T { return &v }

// Options nil on one path, a literal on the other: the literal's
// field, its pointer read through Ptr's summary (the pointee is v).
func sinceOpts(tenant string, since *string) {
	var o *Options
	if since != nil {
		o = &Options{Filter: Ptr("PartitionKey eq '" + tenant + "' and RowKey ge '" + *since + "'")}
	}
	deliverOpts(o) // want `^PartitionKey eq '\{param0:tenant\}' and RowKey ge '\{param1:since\}' \| $`
}

// A helper that returns the address of something other than its
// parameter is not read as Ptr: the pointee stays unknown.
var shared = "x"

func other[T any](v T) *string { return &shared }

func otherOpts(since *string) {
	var o *Options
	if since != nil {
		o = &Options{Filter: other("RowKey ge '" + *since + "'")}
	}
	deliverOpts(o) // want `^ \| \{\?\}$|^\{\?\} \| $`
}

// Of the signature of Ptr but returning the address of something else:
// not read as Ptr (by its body, not its signature).
var last string

func remember(v string) *string { last = v; return &last }

func rememberOpts(since *string) {
	var o *Options
	if since != nil {
		o = &Options{Filter: remember("RowKey ge '" + *since + "'")}
	}
	deliverOpts(o) // want `^ \| \{\?\}$|^\{\?\} \| $`
}

// Every path nil: no struct, nothing known of the field.
func nilOpts() {
	var o *Options
	deliverOpts(o) // want `^\{\?:Filter\}$`
}

// nil or the address of the parameter: the pointee, or nothing.
func orNone(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func orNoneOpts(f string) {
	deliverOpts(&Options{Filter: orNone(f)}) // want `^ \| \{param0:f\}$|^\{param0:f\} \| $`
}
