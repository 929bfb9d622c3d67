// Package version reports the version and commit tablelint was built from.
//
// A release build sets both with the linker:
//
//	go build -ldflags "-X github.com/tablelint/tablelint/internal/version.version=v0.1.0 \
//	    -X github.com/tablelint/tablelint/internal/version.commit=$(git rev-parse HEAD)" ./cmd/tablelint
//
// Without them, the values come from the build information the go command
// embeds: `go install github.com/tablelint/tablelint/cmd/tablelint@v0.1.0`
// records the module version v0.1.0, and a build inside a git checkout
// records the commit (vcs.revision) unless -buildvcs=false.
package version

import (
	"runtime/debug"
	"strings"
)

// Set with -ldflags "-X …"; empty means "ask the build information".
var (
	version string
	commit  string
)

// Info is what a binary knows about its own build.
type Info struct {
	// Version is the module version ("v0.1.0"), or "devel" for a build
	// from a working tree without -ldflags.
	Version string
	// Commit is the full commit hash, with "-dirty" appended when the
	// working tree had uncommitted changes; empty when unknown.
	Commit string
}

// Get returns the build's version and commit.
func Get() Info {
	return get(version, commit, debug.ReadBuildInfo)
}

func get(v, c string, read func() (*debug.BuildInfo, bool)) Info {
	info := Info{Version: v, Commit: c}
	bi, ok := read()
	if ok && info.Version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		info.Version = bi.Main.Version
	}
	if ok && info.Commit == "" {
		var rev string
		var modified bool
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if rev != "" && modified {
			rev += "-dirty"
		}
		info.Commit = rev
	}
	if info.Commit == "" && ok {
		// A module version such as v0.0.0-20261122160842-78bd71b1c2d3
		// names its commit's 12-digit prefix.
		if i := strings.LastIndexByte(info.Version, '-'); i >= 0 && len(info.Version)-i-1 == 12 && strings.Count(info.Version, "-") >= 2 {
			info.Commit = info.Version[i+1:]
		}
	}
	if info.Version == "" {
		info.Version = "devel"
	}
	return info
}

// String is the one line `tablelint --version` prints after the program
// name: "v0.1.0 (commit 78bd71b1c2d3…)" or "devel".
func (i Info) String() string {
	if i.Commit == "" {
		return i.Version
	}
	return i.Version + " (commit " + i.Commit + ")"
}
