package main

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// consoleSample is one `$ tablelint …` line of a console block in the
// docs, with the output printed under it.
type consoleSample struct {
	file     string // the doc, relative to the repository root
	line     int
	dir      string // where it runs, relative to the repository root ("" for the root)
	args     []string
	want     []string // expected lines; an elision line matches any run of lines
	wantExit int      // -1: not said
}

// TestDocConsoleSamples runs every console sample in README.md and docs/
// (```console blocks: a `$ tablelint …` line, then what it prints, "…" or
// "..." alone on a line, or a table row of "…", for lines left out, and
// "(exit N)" after the last line for the exit code) from the repository
// root, or from the directory a `$ cd DIR` line earlier in the same
// block names (relative to the root), and compares what it prints with
// the sample. A sample whose command names a file that is not there
// fails: every sample runs.
func TestDocConsoleSamples(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	docs = append([]string{filepath.Join(root, "README.md")}, docs...)
	var samples []consoleSample
	for _, doc := range docs {
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, doc)
		samples = append(samples, parseConsoleSamples(t, rel, string(data))...)
	}
	if len(samples) < 5 {
		t.Fatalf("%d console samples found; the parser lost them", len(samples))
	}
	for _, s := range samples {
		name := s.file + ":" + itoa(s.line)
		dir := filepath.Join(root, filepath.FromSlash(s.dir))
		if missing := missingFile(dir, s.args); missing != "" {
			t.Errorf("%s: %s is not in %s: add the file, or a `$ cd DIR` line where it is", name, missing, s.dir)
			continue
		}
		t.Run(name, func(t *testing.T) {
			code, stdout, stderr := runIn(t, dir, s.args...)
			got := strings.Split(strings.TrimRight(stdout+stderr, "\n"), "\n")
			if s.wantExit >= 0 && code != s.wantExit {
				t.Errorf("$ tablelint %s: exit %d, the sample says %d", strings.Join(s.args, " "), code, s.wantExit)
			}
			if code > 2 {
				t.Errorf("exit %d", code)
			}
			if len(s.want) > 0 && !matchLines(s.want, got) {
				t.Errorf("$ tablelint %s prints something else than %s says.\n--- the sample:\n%s\n--- printed:\n%s",
					strings.Join(s.args, " "), name, strings.Join(s.want, "\n"), strings.Join(got, "\n"))
			}
		})
	}
}

var exitNote = regexp.MustCompile(`\s+\(exit (\d)\)$`)

// parseConsoleSamples returns the samples of a Markdown document.
func parseConsoleSamples(t *testing.T, file, text string) []consoleSample {
	var out []consoleSample
	lines := strings.Split(text, "\n")
	inside := false
	dir := "" // set by `$ cd DIR` inside a block
	var cur *consoleSample
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
	}
	for i, l := range lines {
		switch {
		case !inside && strings.TrimSpace(l) == "```console":
			inside, dir = true, ""
		case inside && strings.TrimSpace(l) == "```":
			flush()
			inside = false
		case inside && strings.HasPrefix(l, "$ tablelint"):
			flush()
			cmd := strings.TrimPrefix(l, "$ tablelint")
			if i := strings.Index(cmd, "  #"); i >= 0 {
				cmd = cmd[:i]
			}
			args, err := shellWords(cmd)
			if err != nil {
				t.Errorf("%s:%d: %v", file, i+1, err)
				continue
			}
			cur = &consoleSample{file: file, line: i + 1, dir: dir, args: args, wantExit: -1}
		case inside && strings.HasPrefix(l, "$ cd "):
			flush()
			d := strings.TrimSpace(strings.TrimPrefix(l, "$ cd "))
			if filepath.IsAbs(d) || strings.ContainsAny(d, "'\"$~") {
				t.Errorf("%s:%d: cd %s: want a plain path relative to the repository root", file, i+1, d)
			}
			dir = path.Join(dir, d)
		case inside && strings.HasPrefix(l, "$ "):
			flush() // another program's command: not checked
		case inside && cur != nil:
			if m := exitNote.FindStringSubmatch(l); m != nil {
				cur.wantExit = int(m[1][0] - '0')
				l = strings.TrimSuffix(l, m[0])
			}
			cur.want = append(cur.want, strings.TrimRight(l, " "))
		}
	}
	for i := range out {
		for len(out[i].want) > 0 && out[i].want[len(out[i].want)-1] == "" {
			out[i].want = out[i].want[:len(out[i].want)-1]
		}
	}
	return out
}

// shellWords splits a command line as sh does for plain words and
// single- and double-quoted strings.
func shellWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	in := false
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if quote != 0 {
		return nil, errorString("unclosed quote in " + s)
	}
	if in {
		words = append(words, cur.String())
	}
	return words, nil
}

type errorString string

func (e errorString) Error() string { return string(e) }

// isElision reports whether a sample line stands for lines left out:
// "…" or "..." alone, or a table row of "…" and blanks.
func isElision(l string) bool {
	s := strings.TrimSpace(strings.NewReplacer("|", "", "+", "").Replace(l))
	return s == "…" || s == "..."
}

// matchLines reports whether got matches want, whose elision lines
// match any run of lines.
func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if isElision(want[0]) {
		for k := 0; k <= len(got); k++ {
			if matchLines(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && strings.TrimRight(got[0], " ") == want[0] && matchLines(want[1:], got[1:])
}

// missingFile returns the first argument that looks like a file path
// (a .yaml, .jsonl or .go name) and does not exist under root, or "".
func missingFile(root string, args []string) string {
	for _, a := range args {
		if strings.HasPrefix(a, "-") || strings.Contains(a, "...") {
			continue
		}
		if strings.HasSuffix(a, ".yaml") || strings.HasSuffix(a, ".yml") || strings.HasSuffix(a, ".jsonl") || strings.HasSuffix(a, ".go") {
			if _, err := os.Stat(filepath.Join(root, a)); err != nil {
				return a
			}
		}
	}
	return ""
}

func TestParseConsoleSamplesCd(t *testing.T) {
	doc := "```console\n$ tablelint rules\nx\n```\n\n```console\n$ cd a/b\n$ tablelint review s.yaml\ny  (exit 1)\n$ cd c\n$ tablelint check ./...\n```\n\n```console\n$ tablelint rules\n```\n"
	got := parseConsoleSamples(t, "d.md", doc)
	want := []struct {
		dir  string
		args string
		exit int
	}{{"", "rules", -1}, {"a/b", "review s.yaml", 1}, {"a/b/c", "check ./...", -1}, {"", "rules", -1}}
	if len(got) != len(want) {
		t.Fatalf("%d samples, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		if got[i].dir != w.dir || strings.Join(got[i].args, " ") != w.args || got[i].wantExit != w.exit {
			t.Errorf("sample %d: dir %q args %q exit %d; want %q %q %d", i, got[i].dir, got[i].args, got[i].wantExit, w.dir, w.args, w.exit)
		}
	}
}
