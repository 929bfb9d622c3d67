package main

import (
	"path/filepath"
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
