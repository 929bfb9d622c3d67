package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// unpaddedKey has a TL204 finding.
const unpaddedKey = `package sub

import (
	"strconv"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func Key(id int) aztables.Entity {
	return aztables.Entity{PartitionKey: "p", RowKey: strconv.Itoa(id)}
}
`

// TestCheckPathsFromSubdirectory: run from a subdirectory, text output
// names files as go vet does, relative to the working directory (s.go,
// ../good/a.go); JSON keeps a path outside it absolute. The TL204 hint
// of a Go finding is Go.
func TestCheckPathsFromSubdirectory(t *testing.T) {
	dir := hostileModule(t, map[string]string{
		"good/a.go": fmt.Sprintf(injection, "good", ""),
		"sub/s.go":  unpaddedKey,
	})
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(abs, "sub")
	code, out, errs := runIn(t, sub, "check", "./...", "../good/...")
	want := []string{"\ns.go:", "\n" + filepath.Join("..", "good", "a.go") + ":"}
	for _, w := range want {
		if code != 1 || !strings.Contains("\n"+out, w) {
			t.Errorf("text: exit %d, want a line starting %q:\n%s\nstderr %q", code, w[1:], out, errs)
		}
	}
	if !strings.Contains(out, "hint: format the number with the zero-padded verb the message names: fmt.Sprintf(\"%0Nd\", id)") {
		t.Errorf("text: the TL204 hint is not in Go:\n%s", out)
	}
	// The message and the hint agree on the width: only the message
	// names one.
	if widths := regexp.MustCompile(`%0[0-9]+d`).FindAllString(out, -1); len(widths) != 1 {
		t.Errorf("text: TL204 names widths %q, want the message's one:\n%s", widths, out)
	}
	if strings.Contains(out, abs) {
		t.Errorf("text output names an absolute path:\n%s", out)
	}
	code, out, _ = runIn(t, sub, "check", "--format", "json", "../good/...")
	var doc struct{ Findings []struct{ File string } }
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 1 || len(doc.Findings) == 0 {
		t.Fatalf("json: exit %d, %v\n%s", code, err, out)
	}
	if f := doc.Findings[0].File; f != filepath.Join(abs, "good", "a.go") {
		t.Errorf("json file %q, want the absolute path", f)
	}
}
