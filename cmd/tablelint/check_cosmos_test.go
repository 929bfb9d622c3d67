package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const cosmosCode = `package cosmoscfg

import (
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Order struct {
	aztables.Entity
	Id    string
	Total int64
}

func list(c *aztables.Client) {
	_ = c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: to.Ptr(int32(5000))})
}
`

// TestCheckTargetFromConfig: the same code gets TL309 on Table storage
// (the default) and TL116 instead with target: cosmos in the
// configuration; a run of each does not reuse the other's cached results.
func TestCheckTargetFromConfig(t *testing.T) {
	dir := hostileModule(t, map[string]string{"cosmoscfg/c.go": cosmosCode})
	cfg := filepath.Join(t.TempDir(), ".tablelint.yaml")
	if err := os.WriteFile(cfg, []byte("target: cosmos\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	for _, c := range []struct {
		args      []string
		want, not string
	}{
		{nil, "TL309", "TL116"},
		{[]string{"--config", cfg}, "TL116", "TL309"},
		{nil, "TL309", "TL116"},
	} {
		args := append([]string{"check"}, c.args...)
		code, out, errs := runIn(t, wd, append(args, "./"+filepath.ToSlash(dir)+"/...")...)
		if code != 1 || !strings.Contains(out, c.want) || strings.Contains(out, c.not) {
			t.Errorf("check %v: exit %d, want %s and no %s:\n%s%s", c.args, code, c.want, c.not, out, errs)
		}
	}
}

// TestExplainTopCosmos: $top 5000 is TL309 on Table storage, nothing with
// target: cosmos in the configuration.
func TestExplainTopCosmos(t *testing.T) {
	dir := t.TempDir()
	filter := "$filter=PartitionKey eq 'Sales' and RowKey eq '1'&$top=5000"
	code, out, _ := runIn(t, dir, "explain", filter)
	if code != 1 || !strings.Contains(out, "TL309") {
		t.Errorf("storage: exit %d\n%s", code, out)
	}
	if err := os.WriteFile(filepath.Join(dir, ".tablelint.yaml"), []byte("target: cosmos\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runIn(t, dir, "explain", filter)
	if code != 0 || strings.Contains(out, "TL309") {
		t.Errorf("cosmos: exit %d\n%s", code, out)
	}
}
