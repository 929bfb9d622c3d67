package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/internal/golden"
)

func TestExplain(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"point", []string{"explain", "(PartitionKey eq 'Sales') and (RowKey eq '2')"}, 0},
		{"range-f14", []string{"explain", "$filter=(PartitionKey eq 'Sales') and (RowKey ge 'empid_000123') and (RowKey lt 'empid_000124')&$select=RowKey,Manager Rating&$top=50"}, 0},
		{"top-1000", []string{"explain", "$filter=PartitionKey eq 'Sales' and RowKey eq '1'&$top=1000"}, 0},
		{"top-over-1000", []string{"explain", "$filter=PartitionKey eq 'Sales' and RowKey eq '1'&$top=1001"}, 1},
		{"partition-scan", []string{"explain", "PartitionKey eq 'Sales' and LastName eq 'Smith'"}, 0},
		{"partition-scan-fail-on-info", []string{"explain", "--fail-on", "info", "PartitionKey eq 'Sales' and LastName eq 'Smith'"}, 1},
		{"or-on-rowkey", []string{"explain", "PartitionKey eq 'Sales' and (RowKey eq '121' or RowKey eq '322')"}, 1},
		{"table-scan-json", []string{"explain", "LastName eq 'Jones'", "--format", "json"}, 1},
		{"range-json", []string{"explain", "--format=json", "PartitionKey eq 'Sales' and RowKey ge 'S' and RowKey lt 'T'"}, 0},
		{"fail-on-error", []string{"explain", "--fail-on", "error", "LastName eq 'Jones'"}, 0},
		{"empty", []string{"explain", ""}, 1},
		{"key-char", []string{"explain", "PartitionKey eq 'sales/emea' and RowKey eq '1'"}, 1},
		{"unsupported", []string{"explain", "PartitionKey eq 'p' and startswith(RowKey, 'emp')"}, 1},
		{"unsupported-json", []string{"explain", "--format", "json", "Color in ('red','blue')"}, 1},
		{"invalid", []string{"explain", "PartitionKey eq 'Sales' and and RowKey eq '1'"}, 2},
		{"invalid-in-query", []string{"explain", "$filter=PartitionKey eq 'x' and Age eq 1.2.3&$top=5"}, 2},
		{"no-args", []string{"explain"}, 2},
		{"two-args", []string{"explain", "A eq 1", "B eq 2"}, 2},
		{"bad-format", []string{"explain", "--format", "xml", "A eq 1"}, 2},
		{"bad-fail-on", []string{"explain", "--fail-on", "never", "A eq 1"}, 2},
		{"unknown-flag", []string{"explain", "--nope", "A eq 1"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, t.TempDir(), tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, out, errOut)
			}
			golden.CheckString(t, filepath.Join("testdata", "explain", tt.name+".golden"), transcript(out, errOut, code))
		})
	}
}

func TestUnknownCommand(t *testing.T) {
	_, errOut, code := runCLI(t, t.TempDir(), "frobnicate")
	if code != 2 || errOut == "" {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if _, _, code := runCLI(t, t.TempDir()); code != 2 {
		t.Errorf("no command: exit %d, want 2", code)
	}
}

// TestExplainHostile: percent-encoded queries put carets and finding
// columns in the input as typed; repeated options and bad escapes are
// their own errors; a long invalid filter is shown as a window; control
// characters never reach the terminal raw.
func TestExplainHostile(t *testing.T) {
	// The finding's column is the encoded input's: "$filter=LastName%20eq%20%27x%27" scans the table at LastName.
	out, _, code := runCLI(t, t.TempDir(), "explain", "--format", "json", "$top=5&$filter=%28LastName%20eq%20%27Jones%27%29")
	var doc struct{ Findings []struct{ Col, EndCol int } }
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 1 || len(doc.Findings) == 0 {
		t.Fatalf("exit %d %v\n%s", code, err, out)
	}
	in := "$top=5&$filter=%28LastName%20eq%20%27Jones%27%29"
	if c := doc.Findings[0].Col; c != strings.Index(in, "%28")+1 && c != strings.Index(in, "LastName")+1 {
		t.Errorf("finding at column %d of %q: not mapped through the decoding", c, in)
	}

	// The caret of a syntax error sits under the encoded token.
	bad := "$filter=A%20eq%20%27x%27%20and%20and%20B%20eq%201"
	_, errs, code := runCLI(t, t.TempDir(), "explain", bad)
	lines := strings.Split(errs, "\n")
	if code != 2 || len(lines) < 3 {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	caret := strings.Index(lines[2], "^") - 4
	if want := strings.Index(bad, "and%20B"); caret != want || !strings.Contains(lines[0], fmt.Sprintf("at column %d", want+1)) {
		t.Errorf("caret at %d, want %d:\n%s", caret, want, errs)
	}

	for _, tc := range []struct{ in, want string }{
		{"$filter=A eq 1&$filter=B eq 2", "$filter is given twice"},
		{"$top=1&$filter=A eq 1&$top=2", "$top is given twice"},
		{"$filter=%ZZ", `invalid percent-encoding "%ZZ"`},
	} {
		_, errs, code := runCLI(t, t.TempDir(), "explain", tc.in)
		if code != 2 || !strings.Contains(errs, tc.want) || strings.Contains(errs, "arithmetic") {
			t.Errorf("%q: exit %d\n%s", tc.in, code, errs)
		}
	}

	// 130 KB of filter: a window around the error, not the whole input.
	long := strings.Repeat("A eq 1 and ", 12000) + "and B eq 2"
	_, errs, code = runCLI(t, t.TempDir(), "explain", long)
	if code != 2 || len(errs) > 1000 || !strings.Contains(errs, "…") {
		t.Errorf("long filter: exit %d, %d bytes on stderr", code, len(errs))
	}

	// Control characters in a filter.
	out, errs, _ = runCLI(t, t.TempDir(), "explain", "PartitionKey eq 'a\x1b]0;x\x07' and Name eq '\x1b[2J'")
	if strings.ContainsAny(out+errs, "\x1b\x07") {
		t.Errorf("raw control characters:\n%q\n%q", out, errs)
	}
}
