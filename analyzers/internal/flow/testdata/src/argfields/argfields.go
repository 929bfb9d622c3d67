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
