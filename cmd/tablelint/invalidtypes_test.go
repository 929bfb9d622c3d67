package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestAnalyzersOnInvalidTypes runs every analyzer (as check does) over
// a package whose import of a generated package does not resolve: the
// findings certain without it are reported (the "want" lines of
// testdata/invalidtypes/a.go, exactly), none is built on an invalid
// type, no analyzer fails or panics, and the package is named as
// analysed incompletely.
func TestAnalyzersOnInvalidTypes(t *testing.T) {
	dir := filepath.Join("testdata", "invalidtypes")
	var want []string
	f, err := os.Open(filepath.Join(dir, "a.go"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	re := regexp.MustCompile(`// want((?: TL\d+)+)$`)
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		if m := re.FindStringSubmatch(sc.Text()); m != nil {
			for _, id := range strings.Fields(m[1]) {
				want = append(want, fmt.Sprintf("%d:%s", line, id))
			}
		}
	}
	wd, _ := os.Getwd()
	fds, errs, err := checkPackages(wd, []string{"./" + filepath.ToSlash(dir)}, checkOptions{tests: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fds {
		got = append(got, fmt.Sprintf("%d:%s", f.Line, f.Rule))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("findings %v\nwant     %v", got, want)
	}
	if len(errs) != 1 || !strings.Contains(errs[0].Message, "(incomplete)") || !strings.Contains(errs[0].Message, "example.com/not/generated/pb") {
		t.Errorf("errors %v; want one: the package, incomplete, naming the missing import", errs)
	}
}
