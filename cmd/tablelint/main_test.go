package main

import (
	"fmt"
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
