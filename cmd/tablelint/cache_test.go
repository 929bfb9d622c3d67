package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/checkcache"
)

// TestMain gives the tests a check cache of their own, shared by every
// test of the package and removed at the end.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tablelint-test-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Setenv(checkcache.EnvVar, dir)
	code := m.Run()
	os.RemoveAll(dir)
	if built.bin != "" {
		os.RemoveAll(filepath.Dir(built.bin))
	}
	os.Exit(code)
}

const cacheRepo = `package repo

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Store struct{ c *aztables.Client }

func (s *Store) Find(ctx context.Context, filter string) {
%s}
`

const cacheQuery = `	p := s.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for p.More() {
		p.NextPage(ctx)
	}
`

const cacheSvc = `package svc

import (
	"context"

	"github.com/tablelint/tablelint/cmd/tablelint/testdata/%s/repo"
)

type Finder interface {
	Find(ctx context.Context, filter string)
}

// ByName reaches the query through an interface: the whole-program summary.
func ByName(ctx context.Context, f Finder, name string) {
	f.Find(ctx, "Name eq '"+name+"'")
}

// Direct reaches it through the method's fact.
func Direct(ctx context.Context, s *repo.Store) {
	s.Find(ctx, "Age gt 3")
}
`

// TestCheckCacheInvalidation: a change in a dependency reaches its
// importers through the cache, by its facts (a direct call) and by the
// whole-program summary (a call through an interface); a run over
// unchanged packages reads every result from the cache and reports the
// same findings; corrupt entries are recomputed.
func TestCheckCacheInvalidation(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(checkcache.EnvVar, cache)
	dir := hostileModule(t, map[string]string{"repo/repo.go": fmt.Sprintf(cacheRepo, cacheQuery)})
	writeFile(t, filepath.Join(dir, "svc", "svc.go"), fmt.Sprintf(cacheSvc, filepath.Base(dir)))
	wd, _ := os.Getwd()
	check := func(name string) ([]string, checkcache.Stats) {
		t.Helper()
		var st checkcache.Stats
		fds, errs, err := checkPackages(wd, []string{"./" + dir + "/..."}, checkOptions{tests: true, stats: &st})
		if err != nil || len(errs) > 0 {
			t.Fatalf("%s: %v %v", name, err, errs)
		}
		var got []string
		for _, f := range fds {
			got = append(got, fmt.Sprintf("%s:%d %s", filepath.Base(f.File), f.Line, f.Rule))
		}
		slices.Sort(got)
		return got, st
	}
	first, _ := check("first run")
	want := []string{"svc.go:15 TL301", "svc.go:15 TL321", "svc.go:20 TL301"}
	if !slices.Equal(first, want) {
		t.Fatalf("first run: %v, want %v", first, want)
	}
	again, st := check("unchanged")
	if !slices.Equal(again, first) || st.Misses != 0 || st.Hits == 0 {
		t.Errorf("unchanged: %v (%+v), want %v and every result from the cache", again, st, first)
	}
	writeFile(t, filepath.Join(dir, "repo", "repo.go"), fmt.Sprintf(cacheRepo, "\t_, _ = ctx, filter\n"))
	if got, st := check("no query"); len(got) != 0 || st.Misses == 0 {
		t.Errorf("after the query was removed from repo: %v (%+v), want no finding", got, st)
	}
	writeFile(t, filepath.Join(dir, "repo", "repo.go"), fmt.Sprintf(cacheRepo, cacheQuery))
	if got, _ := check("restored"); !slices.Equal(got, first) {
		t.Errorf("restored: %v, want %v", got, first)
	}
	// Corrupt every entry: they are recomputed, and the run says so in
	// one line that names the cache.
	corrupted := 0
	own := filepath.Join(cache, checkcache.Subdir)
	filepath.WalkDir(own, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Dir(filepath.Dir(p)) == own && os.WriteFile(p, []byte("not an entry"), 0o644) == nil {
			corrupted++
		}
		return nil
	})
	if corrupted == 0 {
		t.Fatal("no cache entry was written")
	}
	var warn strings.Builder
	st = checkcache.Stats{}
	fds, _, err := checkPackages(wd, []string{"./" + dir + "/..."}, checkOptions{tests: true, stats: &st, warn: &warn})
	if err != nil || len(fds) != len(first) || st.Misses == 0 {
		t.Errorf("with %d corrupt entries: %d findings, %v (%+v), want %v recomputed", corrupted, len(fds), err, st, first)
	}
	if w := warn.String(); strings.Count(w, "\n") != 1 || !strings.Contains(w, own) || !strings.Contains(w, "bad entries recomputed") {
		t.Errorf("warning about the corrupt entries: %q, want one line naming %s", w, own)
	}
	if got, st := check("repaired"); !slices.Equal(got, first) || st.Misses != 0 {
		t.Errorf("after the repair: %v (%+v), want %v from the cache", got, st, first)
	}
}
