package model_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/review"
)

// FuzzLoad checks that no input panics the loader or the review of what
// it loads, and that every rejected input gets one positioned line.
func FuzzLoad(f *testing.F) {
	for _, pattern := range []string{"../testdata/designs/*.yaml", "../testdata/designs/checks/*.yaml", "../testdata/designs/bad/*.yaml", "../testdata/designs/guide/*.yaml"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			if src, err := os.ReadFile(file); err == nil && len(src) < 8<<10 {
				f.Add(src)
			}
		}
	}
	f.Add([]byte("tables: {T: {entities: {E: {partitionKey: '{a', rowKey: x}}}}"))
	f.Add([]byte("a: &a [*a]"))
	f.Fuzz(func(t *testing.T, src []byte) {
		d, err := model.Parse("f.yaml", src)
		if err != nil {
			var me *model.Error
			if !errors.As(err, &me) || me.Line < 1 || me.Col < 1 || strings.Contains(me.Msg, "\n") {
				t.Fatalf("bad error %T %q", err, err)
			}
			return
		}
		res := review.Review(d, review.Options{})
		for _, it := range res.Items {
			if it.Line < 1 || it.Col < 1 || it.Message == "" {
				t.Fatalf("finding without position: %+v", it.Finding)
			}
		}
	})
}
