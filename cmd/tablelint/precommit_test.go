package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The pre-commit hooks in .pre-commit-hooks.yaml are run through the real
// pre-commit tool (scripts/test.sh installs it). Without it the tests
// skip, unless TABLELINT_REQUIRE_AZURITE is set (as scripts/test.sh and
// CI do), where they fail.

const repoRoot = "../.."

func needPreCommit(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("pre-commit")
	if err != nil {
		// scripts/test.sh sets this when it found or installed pre-commit,
		// and says on its own output when it could not.
		if os.Getenv("TABLELINT_REQUIRE_PRECOMMIT") == "1" {
			t.Fatal("TABLELINT_REQUIRE_PRECOMMIT=1 but pre-commit is not on PATH")
		}
		t.Skip("pre-commit is not installed (scripts/test.sh installs it in a virtualenv)")
	}
	return p
}

type hookDef struct {
	ID            string   `yaml:"id"`
	Entry         string   `yaml:"entry"`
	Language      string   `yaml:"language"`
	Files         string   `yaml:"files"`
	TypesOr       []string `yaml:"types_or"`
	PassFilenames *bool    `yaml:"pass_filenames"`
}

func loadHooks(t *testing.T) map[string]hookDef {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var list []hookDef
	if err := yaml.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	out := map[string]hookDef{}
	for _, h := range list {
		out[h.ID] = h
	}
	return out
}

func TestPreCommitManifest(t *testing.T) {
	hooks := loadHooks(t)
	d, v := hooks["tablelint-design"], hooks["tablelint-vet"]
	if d.Language != "golang" || v.Language != "golang" {
		t.Errorf("hooks must be language: golang: %+v %+v", d, v)
	}
	if d.Entry != "tablelint review --quiet" || d.PassFilenames == nil || !*d.PassFilenames {
		t.Errorf("tablelint-design: %+v", d)
	}
	if v.Entry != "tablelint check ./..." || v.PassFilenames == nil || *v.PassFilenames || strings.Join(v.TypesOr, ",") != "go,go-mod" {
		t.Errorf("tablelint-vet: %+v", v)
	}
	// The files regex (Python re; this one means the same in RE2).
	re := regexp.MustCompile(d.Files)
	for name, want := range map[string]bool{
		"hr.tablelint.yaml": true, "designs/hr.tablelint.yml": true, "a/b/c.tablelint.yaml": true,
		".tablelint.yaml": false, "sub/.tablelint.yaml": false, "hr.yaml": false, "hr.tablelint.yaml.bak": false,
	} {
		if re.MatchString(name) != want {
			t.Errorf("files regex on %q: want %v", name, want)
		}
	}
	pc := needPreCommit(t)
	out, err := exec.Command(pc, "validate-manifest", filepath.Join(repoRoot, ".pre-commit-hooks.yaml")).CombinedOutput()
	if err != nil {
		t.Errorf("pre-commit validate-manifest: %v\n%s", err, out)
	}
}

// hookRepo copies the module's files (what `git ls-files` lists, tools/
// aside) into a fresh git repository with one commit, so pre-commit can
// clone it with uncommitted and untracked changes included. It returns
// the repository's path and the commit.
func hookRepo(t *testing.T, env []string) (string, string) {
	t.Helper()
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	ls := exec.Command("git", "ls-files", "-co", "--exclude-standard")
	ls.Dir = root
	list, err := ls.Output()
	if err != nil {
		t.Skipf("git ls-files in %s: %v", root, err)
	}
	dst := t.TempDir()
	for _, f := range strings.Split(strings.TrimSpace(string(list)), "\n") {
		if f == "" || strings.HasPrefix(f, "tools/") || strings.HasPrefix(f, ".ci/") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			continue // deleted in the work tree
		}
		p := filepath.Join(dst, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitIn(t, dst, env, "init", "-q")
	gitIn(t, dst, env, "add", "-A")
	gitIn(t, dst, env, "commit", "-q", "-m", "hook source")
	return dst, strings.TrimSpace(gitIn(t, dst, env, "rev-parse", "HEAD"))
}

func gitIn(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// preCommitEnv is the environment the hooks run in: an isolated
// pre-commit home, the shared Go module and build caches, and no
// network (every module is in the cache already).
func preCommitEnv(t *testing.T) []string {
	t.Helper()
	goEnv := func(name string) string {
		out, err := exec.Command("go", "env", name).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", name, err)
		}
		return strings.TrimSpace(string(out))
	}
	env := os.Environ()
	return append(env,
		"PRE_COMMIT_HOME="+t.TempDir(),
		"GOMODCACHE="+goEnv("GOMODCACHE"),
		"GOCACHE="+goEnv("GOCACHE"),
		"GOPROXY=off",
		"GOFLAGS=-mod=mod",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"NO_COLOR=1",
	)
}

// scratch makes a git repository with files and a .pre-commit-config.yaml
// using the hook repository, all staged.
func scratch(t *testing.T, env []string, config string, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	gitIn(t, dir, env, "init", "-q")
	files[".pre-commit-config.yaml"] = config
	for name, content := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitIn(t, dir, env, "add", "-A")
	return dir
}

func preCommitRun(t *testing.T, pc, dir string, env []string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(pc, append([]string{"run", "--color=never"}, args...)...)
	cmd.Dir, cmd.Env = dir, env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("pre-commit: %v", err)
	}
	return code, out.String()
}

// TestPreCommitHooks installs the hooks with pre-commit (which builds
// tablelint with `go install ./...`) and runs them in a scratch
// repository.
func TestPreCommitHooks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds tablelint through pre-commit")
	}
	pc := needPreCommit(t)
	env := preCommitEnv(t)
	src, rev := hookRepo(t, env)

	// The machinery, whatever commands exist: the hooks install and run
	// the built binary, and the files regex selects design files only.
	t.Run("install", func(t *testing.T) {
		cfg := "repos:\n- repo: " + src + "\n  rev: " + rev + "\n  hooks:\n" +
			"  - id: tablelint-design\n    entry: tablelint doc TL301\n    pass_filenames: false\n" +
			"  - id: tablelint-vet\n    entry: tablelint rules\n"
		dir := scratch(t, env, cfg, map[string]string{"a.tablelint.yaml": "version: 1\n", "notes.yaml": "x: 1\n", "go.mod": "module scratch\n\ngo 1.22\n"})
		code, out := preCommitRun(t, pc, dir, env, "--all-files", "--verbose")
		if code != 0 || strings.Count(out, "Passed") != 2 || !strings.Contains(out, "TL301 table-scan") || !strings.Contains(out, "TL901") {
			t.Fatalf("pre-commit run: exit %d\n%s", code, out)
		}
		code, out = preCommitRun(t, pc, dir, env, "tablelint-design", "--files", "notes.yaml", ".pre-commit-config.yaml")
		if code != 0 || !strings.Contains(out, "(no files to check)") {
			t.Errorf("design hook ran on non-design files: exit %d\n%s", code, out)
		}
	})

	cfg := "repos:\n- repo: " + src + "\n  rev: " + rev + "\n  hooks:\n  - id: tablelint-design\n  - id: tablelint-vet\n"

	t.Run("design", func(t *testing.T) {
		bad := "version: 1\ntables:\n  Employees:\n    entities:\n      Employee:\n        partitionKey: \"{Department}\"\n        rowKey: \"{EmployeeId}\"\n        properties: {Department: String, EmployeeId: String, LastName: String}\n    queries:\n      byName: {filter: \"LastName eq '{LastName}'\", rate: 5/s}\n"
		good := strings.Replace(bad, "\"LastName eq '{LastName}'\"", "\"PartitionKey eq '{Department}' and RowKey eq '{EmployeeId}'\"", 1)
		dir := scratch(t, env, cfg, map[string]string{"designs/bad.tablelint.yaml": bad, "designs/good.tablelint.yaml": good, ".tablelint.yaml": "rules: {}\n"})
		code, out := preCommitRun(t, pc, dir, env, "tablelint-design", "--files", "designs/good.tablelint.yaml")
		if code != 0 {
			t.Errorf("hook failed on a design with only point queries: exit %d\n%s", code, out)
		}
		code, out = preCommitRun(t, pc, dir, env, "tablelint-design", "--all-files")
		if code == 0 || !strings.Contains(out, "TL301") || !strings.Contains(out, "bad.tablelint.yaml") {
			t.Errorf("hook passed a design with a table scan: exit %d\n%s", code, out)
		}
		if strings.Contains(out, " finding: ") || strings.Contains(out, " findings: ") {
			t.Errorf("the hook printed more than the findings (--quiet):\n%s", out)
		}
	})

	t.Run("vet", func(t *testing.T) {
		gomod := "module scratch\n\ngo 1.22\n"
		clean := "package scratch\n\n// Add adds.\nfunc Add(a, b int) int { return a + b }\n"
		dir := scratch(t, env, cfg, map[string]string{"go.mod": gomod, "add.go": clean, "README.md": "# scratch\n"})
		code, out := preCommitRun(t, pc, dir, env, "tablelint-vet", "--all-files")
		if code != 0 || !strings.Contains(out, "Passed") {
			t.Errorf("hook failed on clean code: exit %d\n%s", code, out)
		}
		code, out = preCommitRun(t, pc, dir, env, "tablelint-vet", "--files", "README.md")
		if code != 0 || !strings.Contains(out, "(no files to check)") {
			t.Errorf("vet hook ran without Go files: exit %d\n%s", code, out)
		}

		// Code with a table scan fails the hook, which names the rule.
		stubs, err := filepath.Abs("../../analyzers/internal/sdktest/testdata/src/github.com/Azure/azure-sdk-for-go")
		if err != nil {
			t.Fatal(err)
		}
		dirtyMod := "module scratch\n\ngo 1.22\n\nrequire github.com/Azure/azure-sdk-for-go v0.0.0\n\nreplace github.com/Azure/azure-sdk-for-go => " + stubs + "\n"
		scan := "package scratch\n\nimport \"github.com/Azure/azure-sdk-for-go/sdk/data/aztables\"\n\n// All lists the whole table.\nfunc All(c *aztables.Client) {\n\t_ = c.NewListEntitiesPager(nil)\n}\n"
		dir = scratch(t, env, cfg, map[string]string{"go.mod": dirtyMod, "scan.go": scan})
		code, out = preCommitRun(t, pc, dir, env, "tablelint-vet", "--all-files")
		if code == 0 || !strings.Contains(out, "TL301") || !strings.Contains(out, "scan.go") {
			t.Errorf("vet hook passed code with a table scan: exit %d\n%s", code, out)
		}
	})
}
