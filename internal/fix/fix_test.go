package fix

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const src = `package p

import "strconv"

func a(id int) string { return strconv.Itoa(id) }

func b() {}

func c() {}

func d() {}

func e(id int) string { return strconv.Itoa(id) }
`

func at(t *testing.T, s, sub string) Edit {
	t.Helper()
	i := strings.Index(src, s)
	j := strings.Index(s, sub)
	if i < 0 || j < 0 {
		t.Fatalf("%q not in source", s)
	}
	return Edit{Start: i + j, End: i + j + len(sub)}
}

func TestPlan(t *testing.T) {
	p := NewPlan()
	imp := at(t, `import "strconv"`, `"strconv"`)
	imp.New = "(\n\t\"fmt\"\n\t\"strconv\"\n)"
	a := at(t, "func a(id int) string { return strconv.Itoa(id) }", "strconv.Itoa(id)")
	a.New = `fmt.Sprintf("%019d", id)`
	e := at(t, "func e(id int) string { return strconv.Itoa(id) }", "strconv.Itoa(id)")
	e.New = `fmt.Sprintf("%019d", id)`
	if !p.Add(Fix{"p.go", []Edit{imp, a}}) || !p.Add(Fix{"p.go", []Edit{imp, e}}) {
		t.Fatal("fixes sharing an identical import edit refused")
	}
	clash := a
	clash.New = "other"
	if p.Add(Fix{"p.go", []Edit{clash}}) || p.Skipped != 1 || p.Fixes != 2 {
		t.Fatalf("an overlapping fix taken (skipped %d, fixes %d)", p.Skipped, p.Fixes)
	}
	got, err := p.Apply("p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.NewReplacer(`import "strconv"`, "import (\n\t\"fmt\"\n\t\"strconv\"\n)", "strconv.Itoa(id)", `fmt.Sprintf("%019d", id)`).Replace(src)
	if string(got) != want {
		t.Errorf("applied:\n%s\nwant:\n%s", got, want)
	}
	diff, err := p.Diff("p.go", "p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	wantDiff := `--- a/p.go
+++ b/p.go
@@ -1,8 +1,11 @@
 package p
 
-import "strconv"
+import (
+	"fmt"
+	"strconv"
+)
 
-func a(id int) string { return strconv.Itoa(id) }
+func a(id int) string { return fmt.Sprintf("%019d", id) }
 
 func b() {}
 
@@ -10,4 +13,4 @@
 
 func d() {}
 
-func e(id int) string { return strconv.Itoa(id) }
+func e(id int) string { return fmt.Sprintf("%019d", id) }
`
	if diff != wantDiff {
		t.Errorf("diff:\n%s\nwant:\n%s", diff, wantDiff)
	}
	checkPatch(t, src, diff, want)
}

// checkPatch applies diff to old with patch(1), when installed, and
// wants new.
func checkPatch(t *testing.T, old, diff, want string) {
	t.Helper()
	patch, err := exec.LookPath("patch")
	if err != nil {
		t.Log("patch(1) not installed: the diff is not applied")
		return
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(patch, "-p1", "--quiet")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(diff)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("patch: %v\n%s", err, out)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "p.go"))
	if string(got) != want {
		t.Errorf("patched:\n%s\nwant:\n%s", got, want)
	}
}

func TestUnifiedEdges(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		edits     []Edit
	}{
		{"no final newline", "a\nb", []Edit{{2, 3, "c"}}},
		{"insert at start", "a\nb\n", []Edit{{0, 0, "z\n"}}},
		{"delete a line", "a\nb\nc\n", []Edit{{2, 4, ""}}},
		{"append at end", "a\n", []Edit{{2, 2, "b\n"}}},
	} {
		diff, err := Unified("p.go", []byte(tc.src), tc.edits)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		want, _ := Apply([]byte(tc.src), tc.edits)
		t.Run(tc.name, func(t *testing.T) { checkPatch(t, tc.src, diff, string(want)) })
	}
	if d, _ := Unified("p.go", []byte("a\n"), []Edit{{0, 1, "a"}}); d != "" {
		t.Errorf("no change: diff %q", d)
	}
	if _, err := Apply([]byte("ab"), []Edit{{0, 2, ""}, {1, 2, ""}}); err == nil {
		t.Error("overlapping edits applied")
	}
}
