package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablelint/tablelint/internal/golden"
)

// TestReplayDesignsGolden replays every bundled design (10 seconds of
// its workload) and compares the report with a golden file: what each
// query costs, measured beside the review's prediction, the partitions
// and the findings. Each must finish in seconds: the log-tail design,
// whose queries read the first page of one partition, once took more
// than 500 s.
func TestReplayDesignsGolden(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/designs/*.tablelint.yaml")
	if len(files) < 4 {
		t.Fatalf("found only %d designs", len(files))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".tablelint.yaml")
		t.Run(name, func(t *testing.T) {
			dir := repo(t)
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(dir, name+".tablelint.yaml"), string(src))
			start := time.Now()
			code, out, errs := runIn(t, dir, "replay", "--duration", "10s", name+".tablelint.yaml")
			// A generous bound for a shared machine; docs/benchmarks.md
			// has the measured times.
			if d := time.Since(start); d > 60*time.Second {
				t.Errorf("replay took %v", d)
			}
			if code == 2 || errs != "" {
				t.Fatalf("exit %d: %s", code, errs)
			}
			golden.Check(t, filepath.Join("testdata", "replay", name+".text"), []byte(out))
		})
	}
}
