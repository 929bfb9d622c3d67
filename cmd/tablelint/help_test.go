package main

import (
	"strings"
	"testing"
)

// TestHelpCommand: `help review` prints review's usage and flags on
// stdout, exactly what `review -h` prints on stderr.
func TestHelpCommand(t *testing.T) {
	for _, name := range []string{"review", "explain", "check", "replay", "rules", "doc"} {
		if commands[name] == nil {
			continue
		}
		stdout, stderr, code := runCLI(t, t.TempDir(), "help", name)
		if code != 0 || stderr != "" {
			t.Errorf("help %s: exit %d, stderr %q", name, code, stderr)
		}
		if !strings.HasPrefix(stdout, "usage: tablelint "+name) {
			t.Errorf("help %s printed %q", name, stdout)
		}
		_, dashH, _ := runCLI(t, t.TempDir(), name, "-h")
		if dashH != stdout {
			t.Errorf("help %s differs from %s -h:\n%s\n---\n%s", name, name, stdout, dashH)
		}
	}
	if commands["review"] == nil || !strings.Contains(mustHelp(t, "review"), "-quiet") {
		t.Errorf("help review does not list --quiet")
	}
	_, stderr, code := runCLI(t, t.TempDir(), "help", "nope")
	if code != 2 || !strings.Contains(stderr, `unknown command "nope"`) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("help nope: exit %d, stderr %q", code, stderr)
	}
}

func mustHelp(t *testing.T, name string) string {
	stdout, _, _ := runCLI(t, t.TempDir(), "help", name)
	return stdout
}

func TestVersionFlag(t *testing.T) {
	for _, arg := range []string{"--version", "-V", "version"} {
		stdout, stderr, code := runCLI(t, t.TempDir(), arg)
		if code != 0 || stderr != "" || !strings.HasPrefix(stdout, "tablelint ") || strings.Count(stdout, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", arg, code, stdout, stderr)
		}
	}
}

// TestExplainStdin: `explain -` explains the filter on stdin exactly as
// the same filter given as an argument, final newline or not.
func TestExplainStdin(t *testing.T) {
	runStdin := func(stdin string, args ...string) (int, string, string) {
		var out, errb strings.Builder
		e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, dir: t.TempDir()}
		code := run(e, args)
		return code, out.String(), errb.String()
	}
	for _, f := range []string{
		"PartitionKey eq 'O''Brien' and RowKey eq '1'",
		"LastName eq 'Jones'",
		"PartitionKey eq 'Sales' and and RowKey eq '1'",
		"$filter=PartitionKey eq 'x'&$top=5",
	} {
		code, out, errOut := runStdin("", "explain", "--format", "json", f)
		for _, in := range []string{f, f + "\n", f + "\r\n"} {
			c2, out2, err2 := runStdin(in, "explain", "--format", "json", "-")
			if c2 != code || out2 != out || err2 != errOut {
				t.Errorf("explain - with %q: exit %d, stdout %q, stderr %q\nwant exit %d, stdout %q, stderr %q", in, c2, out2, err2, code, out, errOut)
			}
		}
	}
	code, _, errOut := runStdin(strings.Repeat("A", 1<<20), "explain", "-")
	if code != 2 || strings.Count(errOut, "\n") != 1 {
		t.Errorf("1 MiB on stdin: exit %d, stderr %q", code, errOut)
	}
}
