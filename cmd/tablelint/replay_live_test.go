package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/internal/azuritetest"
)

func TestReplayLiveUsage(t *testing.T) {
	t.Setenv("AZURE_STORAGE_CONNECTION_STRING", "UseDevelopmentStorage=true")
	for _, args := range [][]string{
		{"replay", "--target", "http://127.0.0.1:1/devstoreaccount1"},
		{"replay", "--trace", "-", "--target", "http://127.0.0.1:1/devstoreaccount1"},
		{"replay", "--trace", replaySmall, "--target="},
		{"replay", "--trace", replaySmall, "--target", "ftp://x"},
		{"replay", "--trace", replaySmall, "--target", "http://127.0.0.1:1/a", "--concurrency", "0"},
		{"replay", "--trace", replaySmall, "--target", "http://127.0.0.1:1/a", "--format", "sarif"},
		{"replay", "--trace", replaySmall, "--target", "http://127.0.0.1:1/a", "--results", replaySmall},
	} {
		code, _, errs := replayCmd(t, args...)
		if code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line", args, code, errs)
		}
	}
	// Without a connection string, DefaultAzureCredential is tried; with
	// no identity available here it fails, in one line. (Over http its
	// tokens are refused before any request.)
	t.Setenv("AZURE_STORAGE_CONNECTION_STRING", "")
	for _, v := range []string{"AZURE_CLIENT_ID", "AZURE_TENANT_ID", "AZURE_CLIENT_SECRET", "AZURE_FEDERATED_TOKEN_FILE", "IDENTITY_ENDPOINT", "MSI_ENDPOINT"} {
		t.Setenv(v, "")
	}
	code, _, errs := replayCmd(t, "replay", "--trace", replaySmall, "--target", "http://127.0.0.1:1/a", "--scratch=false")
	if code != 2 || strings.Count(errs, "\n") != 1 {
		t.Errorf("no credentials: exit %d, %q", code, errs)
	}
}

// TestReplayLiveAzurite replays the example trace on Azurite through the
// command line, with results and JSON output.
func TestReplayLiveAzurite(t *testing.T) {
	ep := azuritetest.Endpoint(t)
	t.Setenv("AZURE_STORAGE_CONNECTION_STRING", "UseDevelopmentStorage=true")
	results := filepath.Join(t.TempDir(), "live.jsonl")
	code, out, errs := replayCmd(t, "replay", "--trace", replaySmall, "--target", ep, "--concurrency", "4", "--results", results, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	var doc liveOutput
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	// One difference: the cross-partition batch, which Azurite commits
	// (deviation batch-cross-partition in engine/conformance).
	if doc.Operations != 25 || doc.Differences != 1 || !strings.Contains(doc.FirstDifferences[0], "status 202 vs 400") || len(doc.Queries) != 6 || doc.Queries[1].Engine == nil {
		t.Errorf("unexpected report:\n%s", out)
	}
	if n := strings.Count(readFile(t, results), "\n"); n != 25 {
		t.Errorf("results has %d lines, want 25", n)
	}
}
