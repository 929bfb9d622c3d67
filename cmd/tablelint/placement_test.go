package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// messageMarker is a line "// M: TLnnn REGEXP" of testdata/placement: the
// finding of that rule on the next line has a message REGEXP matches (what
// the table says the message names: the query's line, the caller's line,
// the helper).
var messageMarker = regexp.MustCompile(`^\s*// M: (TL\d{3}) (.+)$`)

// placementMessages returns the message markers under dir by the
// "file:line RULE" of the finding they are about.
func placementMessages(t *testing.T, dir string) map[string]*regexp.Regexp {
	t.Helper()
	out := map[string]*regexp.Regexp{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			if m := messageMarker.FindStringSubmatch(line); m != nil {
				out[filepath.ToSlash(rel)+":"+itoa(i+2)+" "+m[1]] = regexp.MustCompile(m[2])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPlacementTable checks the table "Where a finding is reported" of
// docs/analyzers.md: testdata/placement holds one small function per row
// and per case the row names, with each finding's line marked
// (// L: TLnnn), and check must report exactly the marked findings —
// every rule, info included, once each, nothing more and nothing less —
// and, where a // M: marker says so, with a message naming what the table
// says it names. A row of the table that disagrees with the tool fails
// here.
func TestPlacementTable(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "placement"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, l := range corpusLabels(t, dir) {
		if strings.HasSuffix(l, " silent") {
			t.Fatalf("%s: no // S markers here: every finding is marked, so a line without one must stay silent", l)
		}
		want[l] = true
	}
	messages := placementMessages(t, dir)
	if len(want) < 25 {
		t.Fatalf("testdata/placement has %d markers; the module is missing", len(want))
	}
	code, out, errs := runIn(t, dir, "check", "--format", "json", "./...")
	if code != 1 {
		t.Fatalf("exit %d; stderr: %s", code, errs)
	}
	var doc struct {
		Findings []struct {
			Rule, File, Message string
			Line                int
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	var bad []string
	for _, fd := range doc.Findings {
		k := filepath.ToSlash(fd.File) + ":" + itoa(fd.Line) + " " + fd.Rule
		if _, dup := got[k]; dup {
			bad = append(bad, "reported twice: "+k+" "+fd.Message)
		}
		got[k] = fd.Message
	}
	for k, re := range messages {
		if msg, ok := got[k]; ok && !re.MatchString(msg) {
			bad = append(bad, "message of "+k+" does not match "+re.String()+": "+msg)
		} else if !want[k] {
			bad = append(bad, "message marker for an unmarked finding: "+k)
		}
	}
	for k, msg := range got {
		if !want[k] {
			bad = append(bad, "reported but not marked: "+k+" "+msg)
		}
	}
	for k := range want {
		if _, ok := got[k]; !ok {
			bad = append(bad, "marked but not reported: "+k)
		}
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
}
