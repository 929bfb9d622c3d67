package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

// runCLI runs the command line in-process and returns what it printed and
// its exit code.
func runCLI(t *testing.T, dir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	code, stdout, stderr = runIn(t, dir, args...)
	return stdout, stderr, code
}

// transcript renders a run for a golden file.
func transcript(stdout, stderr string, code int) string {
	return fmt.Sprintf("exit %d\n-- stdout --\n%s-- stderr --\n%s", code, stdout, stderr)
}

// TestWriteErrors: output that cannot be written (/dev/full) is exit 2
// with one line on stderr, for every command that prints.
func TestWriteErrors(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	for _, args := range [][]string{
		{"rules"}, {"rules", "--format", "json"}, {"doc", "TL301"}, {"doc", "--markdown", "TL301"},
		{"--help"}, {"help"}, {"explain", "A eq 1"}, {"explain", "--format", "sarif", "A eq 1"},
	} {
		var errb bytes.Buffer
		code := run(&env{stdin: strings.NewReader(""), stdout: full, stderr: &errb, dir: t.TempDir()}, args)
		if code != 2 || strings.Count(errb.String(), "\n") != 1 || !strings.Contains(errb.String(), "no space left") {
			t.Errorf("%v > /dev/full: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// TestBadFlagOneLine: an unknown flag or command is one line with a hint,
// not the whole flag list.
func TestBadFlagOneLine(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"explain", "--nope", "A eq 1"}, "tablelint explain: flag provided but not defined: -nope (run 'tablelint explain -h' for the flags)"},
		{[]string{"review", "--formt", "json", "x.yaml"}, "did you mean --format?"},
		{[]string{"replay", "--duration", "soon"}, "invalid value \"soon\" for flag -duration"},
		{[]string{"reviw"}, `unknown command "reviw" (did you mean "review"?)`},
	} {
		_, errs, code := runCLI(t, t.TempDir(), tc.args...)
		if code != 2 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want one line with %q", tc.args, code, errs, tc.want)
		}
	}
	// -h still prints the flags.
	_, errs, code := runCLI(t, t.TempDir(), "explain", "-h")
	if code != 0 || !strings.Contains(errs, "-fail-on string") {
		t.Errorf("explain -h: exit %d\n%s", code, errs)
	}
}
