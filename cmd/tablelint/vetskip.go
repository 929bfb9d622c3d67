package main

import (
	"encoding/json"
	"os"
	"strings"

	"github.com/tablelint/tablelint/analyzers/all"
	"github.com/tablelint/tablelint/internal/pkgpath"
)

// Under go vet each package is a unit of its own, dependencies included
// (every package of the standard library and of every required module
// is type-checked from source for the analyzers' facts). A unit that
// cannot reach the SDK (all.SDKPaths) holds nothing an analyzer reports
// and no fact about table code, so the driver skips it before any type
// is loaded: it writes an empty facts file and exits, the way
// `tablelint check` skips such packages from go list's data.
//
// go vet tells a unit only its direct imports, so reachability travels
// in the facts files: every analysed unit that reaches the SDK exports a
// package fact (the analyzers' shared pass tlreach, which every analyzer
// of all.Analyzers requires, exports it), which makes its facts file
// non-empty, and a unit is skipped only when none of its direct
// imports is an SDK package and every direct import's facts file is
// empty. A non-empty file of a unit that does not reach the SDK can
// only make a unit be analysed that could have been skipped.
//
// Only the standard library and packages of versioned modules (the
// module cache: ModuleVersion set) are skipped. Packages of the module
// being vetted, and of modules replaced by a directory, are analysed
// even when they cannot reach the SDK: their functions' value summaries
// (flow) describe helpers the table code calls — a function that
// builds a filter string from its parameters — and are what the
// importing package's analyzers read. A helper in a versioned module
// that cannot reach the SDK is not summarised (neither is it by check,
// which skips such packages too); its result is unknown to the
// analyzers, which stay silent on it.

// vetUnit is what vetSkip reads of go vet's configuration of a unit
// (unitchecker.Config).
type vetUnit struct {
	ImportPath    string
	ModulePath    string
	ModuleVersion string
	ImportMap     map[string]string // import path in source → package path
	PackageVetx   map[string]string // package path → its facts file
	VetxOutput    string
}

// vetSkip reads the unit configuration in cfgFile and, when the unit
// can be skipped, writes its (empty) facts file and reports true.
// Anything unexpected (a file that does not read) leaves the unit to
// unitchecker, which reports it.
func vetSkip(cfgFile string) bool {
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		return false
	}
	var u vetUnit
	if err := json.Unmarshal(data, &u); err != nil || u.VetxOutput == "" {
		return false
	}
	if !vetSkippable(&u, all.SDKPaths(), fileSize) {
		return false
	}
	return os.WriteFile(u.VetxOutput, nil, 0o666) == nil
}

func fileSize(name string) int64 {
	fi, err := os.Stat(name)
	if err != nil {
		return -1
	}
	return fi.Size()
}

// vetSkippable decides for unit u (see the comment above): size returns
// a facts file's size (-1 when it cannot be read: the unit is then
// analysed).
func vetSkippable(u *vetUnit, needs []string, size func(string) int64) bool {
	if u.ModuleVersion == "" && !vetStd(u) {
		return false // the module being vetted, or a directory replacement
	}
	if pkgpath.Within(u.ImportPath, needs) {
		return false
	}
	for _, path := range u.ImportMap {
		if pkgpath.Within(path, needs) {
			return false
		}
		vetx, ok := u.PackageVetx[path]
		if !ok {
			continue // unsafe, C: no facts file
		}
		if size(vetx) != 0 {
			return false
		}
	}
	return true
}

// vetStd reports whether u is a package of the standard library: no
// module, and no dot in its first path element.
func vetStd(u *vetUnit) bool {
	if u.ModulePath != "" {
		return false
	}
	first, _, _ := strings.Cut(u.ImportPath, "/")
	return !strings.Contains(first, ".")
}
