package version

import (
	"runtime/debug"
	"testing"
)

func TestGet(t *testing.T) {
	bi := func(v string, settings ...string) func() (*debug.BuildInfo, bool) {
		return func() (*debug.BuildInfo, bool) {
			b := &debug.BuildInfo{Main: debug.Module{Path: "github.com/tablelint/tablelint", Version: v}}
			for i := 0; i+1 < len(settings); i += 2 {
				b.Settings = append(b.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
			}
			return b, true
		}
	}
	none := func() (*debug.BuildInfo, bool) { return nil, false }
	for _, tc := range []struct {
		name       string
		ldv, ldc   string
		read       func() (*debug.BuildInfo, bool)
		want       string
		wantCommit string
	}{
		{"ldflags win", "v0.1.0", "abc123", bi("v9.9.9", "vcs.revision", "fff"), "v0.1.0 (commit abc123)", "abc123"},
		{"go install at a tag", "", "", bi("v0.1.0"), "v0.1.0", ""},
		{"go install at a pseudo-version", "", "", bi("v0.1.1-0.20261122160842-78bd71b1c2d3"), "v0.1.1-0.20261122160842-78bd71b1c2d3 (commit 78bd71b1c2d3)", "78bd71b1c2d3"},
		{"working tree", "", "", bi("(devel)", "vcs.revision", "78bd71b", "vcs.modified", "true"), "devel (commit 78bd71b-dirty)", "78bd71b-dirty"},
		{"no build info", "", "", none, "devel", ""},
		{"prerelease is not a commit", "", "", bi("v0.2.0-rc.1"), "v0.2.0-rc.1", ""},
	} {
		got := get(tc.ldv, tc.ldc, tc.read)
		if got.String() != tc.want || got.Commit != tc.wantCommit {
			t.Errorf("%s: got %q (commit %q), want %q (commit %q)", tc.name, got, got.Commit, tc.want, tc.wantCommit)
		}
	}
}
