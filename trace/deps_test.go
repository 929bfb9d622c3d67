package trace

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDependencies: the recorder applications link in pulls in none of
// tablelint's engine, report or table-drawing code.
func TestDependencies(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 2 {
		t.Fatalf("go list -deps listed %q", deps)
	}
	for _, d := range deps {
		for _, bad := range []string{"github.com/tablelint/tablelint/engine/", "github.com/tablelint/tablelint/internal/report",
			"github.com/tablelint/tablelint/internal/textable", "github.com/olekukonko/tablewriter"} {
			if strings.HasPrefix(d, bad) {
				t.Errorf("trace depends on %s", d)
			}
		}
	}
}
