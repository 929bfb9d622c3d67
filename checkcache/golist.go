package checkcache

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// A repository as it is found does not always load as it is: its go.sum
// lacks entries the go command wants, its go.work names a module that is
// not there, or it has no go.mod at all (GOPATH-era code). listPackages
// then lists the packages as the go command would after a repair, made
// in a temporary directory: the user's go.mod, go.sum and go.work are
// never written (the go command writes only the copies -modfile and
// GOWORK name).

// listing is go list's view of the patterns and how it was obtained.
type listing struct {
	pkgs []*listPkg
	// notes say how the packages were listed when not as found (one
	// line each).
	notes []string
	// left are what a repair left out (a go.work module that does not
	// load): named as packages not analysed.
	left []PackageError
}

// goEnv is what listPackages reads of `go env`.
type goEnv struct {
	GOMOD, GOWORK, GOPATH string
}

// listPackages runs go list over the patterns in dir and, if it fails
// in a way a repair in a temporary directory fixes, again with that
// repair.
func listPackages(dir string, patterns []string, tests bool) (*listing, error) {
	pkgs, err := goList(dir, patterns, tests, nil)
	drift, noMod := err == nil && drifted(pkgs), err == nil && outsideModule(pkgs)
	if err == nil && !drift && !noMod {
		return &listing{pkgs: pkgs}, nil
	}
	env, eerr := readGoEnv(dir)
	if eerr != nil {
		if err != nil {
			return nil, err
		}
		return &listing{pkgs: pkgs}, nil
	}
	tmp, terr := os.MkdirTemp("", "tablelint-list-")
	if terr != nil {
		if err != nil {
			return nil, err
		}
		return &listing{pkgs: pkgs}, nil
	}
	defer os.RemoveAll(tmp)
	var l *listing
	var rerr error
	switch {
	case env.GOWORK != "" && env.GOWORK != "off":
		if err == nil {
			return &listing{pkgs: pkgs}, nil // -modfile cannot repair a workspace
		}
		l, rerr = listWorkspace(dir, patterns, tests, env, tmp, err)
	case env.GOMOD == "" || env.GOMOD == os.DevNull:
		l, rerr = listNoModule(dir, patterns, tests, env, tmp)
	case err != nil || drift:
		l, rerr = listModFile(dir, patterns, tests, env, tmp)
	}
	if rerr != nil || l == nil {
		if err != nil {
			return nil, err // the repair did not help: the error as found
		}
		return &listing{pkgs: pkgs}, nil
	}
	return l, nil
}

// drifted reports whether go list found go.mod or go.sum out of date
// with what the go command wants (entries missing from go.sum,
// requirements to update, vendor/modules.txt out of step).
func drifted(pkgs []*listPkg) bool {
	for _, p := range pkgs {
		for _, e := range append([]*listError{p.Error}, p.DepsErrors...) {
			if e != nil && isDrift(e.Err) {
				return true
			}
		}
	}
	return false
}

// outsideModule reports whether go list found no main module for the
// patterns (a tree without go.mod).
func outsideModule(pkgs []*listPkg) bool {
	for _, p := range pkgs {
		if e := p.Error; e != nil && (strings.Contains(e.Err, "does not contain main module") || strings.Contains(e.Err, "go.mod file not found")) {
			return true
		}
	}
	return false
}

func isDrift(msg string) bool {
	for _, s := range []string{"missing go.sum entry", "updates to go.mod needed", "inconsistent vendoring", "go.mod file indicates go"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

func readGoEnv(dir string) (goEnv, error) {
	cmd := exec.Command("go", "env", "-json", "GOMOD", "GOWORK", "GOPATH")
	cmd.Dir = dir
	out, err := cmd.Output()
	var env goEnv
	if err == nil {
		err = json.Unmarshal(out, &env)
	}
	return env, err
}

// listModFile lists the packages as -mod=mod would resolve them, with
// copies of go.mod and go.sum (-modfile): missing go.sum entries and
// requirements are filled in the copies.
func listModFile(dir string, patterns []string, tests bool, env goEnv, tmp string) (*listing, error) {
	modDir := filepath.Dir(env.GOMOD)
	if err := copyFile(env.GOMOD, filepath.Join(tmp, "go.mod")); err != nil {
		return nil, err
	}
	if err := copyFile(filepath.Join(modDir, "go.sum"), filepath.Join(tmp, "go.sum")); err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	pkgs, err := goList(dir, patterns, tests, []string{"-mod=mod", "-modfile=" + filepath.Join(tmp, "go.mod")})
	if err != nil {
		return nil, err
	}
	return &listing{pkgs: pkgs, notes: []string{"go.mod/go.sum are not up to date: packages resolved as -mod=mod would, in a temporary copy (" +
		filepath.Join(modDir, "go.mod") + " and go.sum unchanged)"}}, nil
}

// listNoModule lists a tree without go.mod (GOPATH-era code) as one
// module: a temporary go.mod (laid over dir by -overlay, written only in
// tmp by -modfile) whose path is the tree's import path as its own
// imports or GOPATH tell it. What resolves (the standard library,
// modules from the cache or the proxy) is typed; the rest are missing
// imports.
func listNoModule(dir string, patterns []string, tests bool, env goEnv, tmp string) (*listing, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	path, imports := inferModulePath(abs, env.GOPATH)
	mod := filepath.Join(tmp, "go.mod")
	replace := map[string]string{filepath.Join(abs, "go.mod"): mod}
	var b strings.Builder
	fmt.Fprintf(&b, "module %s\n\ngo 1.21\n", path)
	// Imports found under a GOPATH src directory resolve there, as they
	// did in GOPATH mode: each root is required and replaced by its
	// directory (a go.mod laid over it if it has none).
	for i, root := range gopathRoots(imports, path, env.GOPATH) {
		fmt.Fprintf(&b, "require %s v0.0.0\nreplace %s => %s\n", root.path, root.path, quoteMod(root.dir))
		if !root.hasMod {
			m := filepath.Join(tmp, fmt.Sprintf("gopath%d.mod", i))
			if err := os.WriteFile(m, []byte("module "+root.path+"\n\ngo 1.21\n"), 0o644); err != nil {
				return nil, err
			}
			replace[filepath.Join(root.dir, "go.mod")] = m
		}
	}
	if err := os.WriteFile(mod, []byte(b.String()), 0o644); err != nil {
		return nil, err
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": replace})
	if err != nil {
		return nil, err
	}
	ov := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ov, overlay, 0o644); err != nil {
		return nil, err
	}
	pkgs, err := goList(dir, patterns, tests, []string{"-mod=mod", "-modfile=" + mod, "-overlay=" + ov}, "GOWORK=off")
	if err != nil {
		return nil, err
	}
	return &listing{pkgs: pkgs, notes: []string{"no go.mod: " + abs + " analysed as module " + path + " (a temporary go.mod; nothing written there)"}}, nil
}

// maxScanFiles bounds how many files inferModulePath reads.
const maxScanFiles = 2000

// inferModulePath returns the import path of the tree at dir: its path
// under a GOPATH src directory, else the prefix its own files' imports
// put before its directories (github.com/u/r for an import of
// github.com/u/r/sub from a tree with a sub directory), else its base
// name.
func inferModulePath(dir, gopath string) (string, []string) {
	inGopath := ""
	for _, gp := range filepath.SplitList(gopath) {
		src := filepath.Join(gp, "src")
		if rel, err := filepath.Rel(src, dir); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
			inGopath = filepath.ToSlash(rel)
		}
	}
	dirs := map[string]bool{}
	var imports []string
	n := 0
	fset := token.NewFileSet()
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || n >= maxScanFiles {
			return filepath.SkipDir
		}
		name := d.Name()
		if d.IsDir() {
			if p != dir && (name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if rel, err := filepath.Rel(dir, p); err == nil && rel != "." {
				dirs[filepath.ToSlash(rel)] = true
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || !d.Type().IsRegular() {
			return nil
		}
		n++
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil || f == nil {
			return nil
		}
		for _, imp := range f.Imports {
			imports = append(imports, strings.Trim(imp.Path.Value, "`\""))
		}
		return nil
	})
	if inGopath != "" {
		return inGopath, imports
	}
	count := map[string]int{}
	for _, ip := range imports {
		parts := strings.Split(ip, "/")
		for k := 1; k < len(parts); k++ {
			if dirs[strings.Join(parts[k:], "/")] {
				count[strings.Join(parts[:k], "/")]++
			}
		}
	}
	var best []string
	for p := range count {
		best = append(best, p)
	}
	sort.Slice(best, func(i, j int) bool {
		if count[best[i]] != count[best[j]] {
			return count[best[i]] > count[best[j]]
		}
		return best[i] < best[j]
	})
	if len(best) > 0 {
		return best[0], imports
	}
	// The directory's name, made a valid module path: the go command
	// refuses "go", "std", "cmd" and the like as a module path.
	base := strings.Map(func(r rune) rune {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("._~+-", r) {
			return r
		}
		return '-'
	}, filepath.Base(dir))
	return "nomodule/" + strings.Trim(base, ".-"), imports
}

// gopathRoot is a module root for imports found under GOPATH.
type gopathRoot struct {
	path, dir string
	hasMod    bool
}

// gopathRoots finds the imports (not the standard library's, not the
// tree's own under module) that a GOPATH src directory holds, and
// returns their roots: the nearest directory above with a go.mod, else
// the repository (host/owner/repo) or the package's own directory.
func gopathRoots(imports []string, module, gopath string) []gopathRoot {
	seen := map[string]bool{}
	var out []gopathRoot
	for _, ip := range imports {
		first, _, _ := strings.Cut(ip, "/")
		if !strings.Contains(first, ".") || ip == module || strings.HasPrefix(ip, module+"/") {
			continue
		}
		for _, gp := range filepath.SplitList(gopath) {
			src := filepath.Join(gp, "src")
			if fi, err := os.Stat(filepath.Join(src, filepath.FromSlash(ip))); err != nil || !fi.IsDir() {
				continue
			}
			root := gopathRoot{path: ip, dir: filepath.Join(src, filepath.FromSlash(ip))}
			parts := strings.Split(ip, "/")
			if len(parts) >= 3 {
				root.path = strings.Join(parts[:3], "/")
				root.dir = filepath.Join(src, filepath.FromSlash(root.path))
			}
			for k := len(parts); k > 0; k-- {
				p := strings.Join(parts[:k], "/")
				if _, err := os.Stat(filepath.Join(src, filepath.FromSlash(p), "go.mod")); err == nil {
					root = gopathRoot{path: p, dir: filepath.Join(src, filepath.FromSlash(p)), hasMod: true}
					break
				}
			}
			covered := false
			for _, r := range out {
				if root.path == r.path || strings.HasPrefix(root.path, r.path+"/") || strings.HasPrefix(r.path, root.path+"/") {
					covered = true
				}
			}
			if !covered && !seen[root.path] {
				seen[root.path] = true
				out = append(out, root)
			}
			break
		}
	}
	return out
}

// workFile is what `go work edit -json` prints.
type workFile struct {
	Go  string
	Use []struct {
		DiskPath string
	}
	Replace []struct {
		Old struct{ Path, Version string }
		New struct{ Path, Version string }
	}
}

// listWorkspace lists the packages of a workspace whose go.work names
// modules that do not load: with a temporary go.work that keeps the
// modules that are there (paths made absolute), else without the
// workspace (the module at dir alone). The modules left out are named.
func listWorkspace(dir string, patterns []string, tests bool, env goEnv, tmp string, first error) (*listing, error) {
	cmd := exec.Command("go", "work", "edit", "-json", env.GOWORK)
	cmd.Dir = dir
	out, err := cmd.Output()
	var wf workFile
	if err == nil {
		err = json.Unmarshal(out, &wf)
	}
	if err != nil {
		return nil, err
	}
	wdir := filepath.Dir(env.GOWORK)
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(wdir, p)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "go %s\n\n", wf.Go)
	var left []PackageError
	for _, u := range wf.Use {
		if fi, err := os.Stat(filepath.Join(abs(u.DiskPath), "go.mod")); err != nil || !fi.Mode().IsRegular() {
			left = append(left, PackageError{Pkg: u.DiskPath, Pos: env.GOWORK,
				Msg: fmt.Sprintf("module %s listed in go.work does not load (no go.mod there): not analysed", u.DiskPath)})
			continue
		}
		fmt.Fprintf(&b, "use %q\n", abs(u.DiskPath))
	}
	for _, r := range wf.Replace {
		old := r.Old.Path
		if r.Old.Version != "" {
			old += " " + r.Old.Version
		}
		nw := r.New.Path
		if r.New.Version != "" {
			nw += " " + r.New.Version
		} else if strings.HasPrefix(nw, ".") {
			nw = abs(nw)
		}
		fmt.Fprintf(&b, "replace %s => %s\n", quoteMod(old), quoteMod(nw))
	}
	work := filepath.Join(tmp, "go.work")
	if err := os.WriteFile(work, b.Bytes(), 0o644); err != nil {
		return nil, err
	}
	if pkgs, err := goList(dir, patterns, tests, nil, "GOWORK="+work); err == nil && len(left) > 0 {
		return &listing{pkgs: pkgs, left: left, notes: []string{"go.work names modules that do not load: analysed the others, with a temporary go.work (" + env.GOWORK + " unchanged)"}}, nil
	}
	// The workspace does not load even so (a module the proxy refuses):
	// the module at dir alone.
	pkgs, err := goList(dir, patterns, tests, nil, "GOWORK=off")
	if err != nil {
		return nil, err
	}
	left = append(left, PackageError{Pkg: env.GOWORK, Pos: env.GOWORK,
		Msg: fmt.Sprintf("the workspace does not load (%v): only the module here was analysed, without go.work", strings.TrimPrefix(first.Error(), "go list: "))})
	return &listing{pkgs: pkgs, left: left}, nil
}

// quoteMod quotes a go.work path or "path version" where it needs it.
func quoteMod(s string) string {
	path, version, _ := strings.Cut(s, " ")
	if strings.ContainsAny(path, " \t\"'`") {
		path = fmt.Sprintf("%q", path)
	}
	if version != "" {
		return path + " " + version
	}
	return path
}

func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}
