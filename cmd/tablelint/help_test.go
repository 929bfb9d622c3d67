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
