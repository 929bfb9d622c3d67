// Package fix applies analyzers' suggested fixes to source files, as
// `tablelint check --fix` does, and renders them as a unified diff
// (`--diff`): the first suggested fix of each diagnostic, as go vet -fix
// applies them; identical edits from several diagnostics (a file seen in
// a package and its test variant) once; a fix that overlaps an edit
// already taken is left out whole, and counted.
package fix

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Edit replaces the bytes [Start, End) of a file with New.
type Edit struct {
	Start, End int
	New        string
}

// Fix is one suggested fix: edits of one file.
type Fix struct {
	File  string
	Edits []Edit
}

// Plan collects fixes file by file.
type Plan struct {
	files   map[string][]Edit
	Skipped int // fixes left out: they overlap an edit already taken
	Fixes   int // fixes taken
}

// NewPlan returns an empty plan.
func NewPlan() *Plan { return &Plan{files: map[string][]Edit{}} }

// Add takes a fix unless one of its edits overlaps an edit already taken
// (identical edits are taken once) or is invalid; it reports whether it
// took it.
func (p *Plan) Add(f Fix) bool {
	taken := p.files[f.File]
	var add []Edit
	for _, e := range f.Edits {
		if e.Start < 0 || e.End < e.Start {
			p.Skipped++
			return false
		}
		dup := false
		for _, t := range taken {
			if t == e {
				dup = true
				break
			}
			if overlaps(t, e) {
				p.Skipped++
				return false
			}
		}
		if !dup && !slices.Contains(add, e) {
			add = append(add, e)
		}
	}
	p.files[f.File] = append(taken, add...)
	p.Fixes++
	return true
}

// overlaps reports whether two distinct edits touch the same bytes, or
// insert at the same place (their order would be arbitrary).
func overlaps(a, b Edit) bool {
	if a.Start == a.End && b.Start == b.End {
		return a.Start == b.Start
	}
	return a.Start < b.End && b.Start < a.End || a.Start == b.Start
}

// Files returns the files the plan changes, sorted.
func (p *Plan) Files() []string {
	var out []string
	for f, es := range p.files {
		if len(es) > 0 {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out
}

// Apply returns src with the plan's edits of file applied.
func (p *Plan) Apply(file string, src []byte) ([]byte, error) {
	return Apply(src, p.files[file])
}

// Diff returns the unified diff (3 lines of context) of the plan's
// edits of file, whose content is src, under the names a/name and
// b/name.
func (p *Plan) Diff(file, name string, src []byte) (string, error) {
	return Unified(name, src, p.files[file])
}

// Apply returns src with edits applied; edits must not overlap.
func Apply(src []byte, edits []Edit) ([]byte, error) {
	es := sorted(edits)
	var b strings.Builder
	last := 0
	for _, e := range es {
		if e.End > len(src) || e.Start < last {
			return nil, fmt.Errorf("edit [%d,%d) out of range or overlapping", e.Start, e.End)
		}
		b.Write(src[last:e.Start])
		b.WriteString(e.New)
		last = e.End
	}
	b.Write(src[last:])
	return []byte(b.String()), nil
}

func sorted(edits []Edit) []Edit {
	es := slices.Clone(edits)
	slices.SortStableFunc(es, func(a, b Edit) int { return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End)) })
	return es
}

// context is how many unchanged lines a hunk shows around a change.
const context = 3

// Unified returns the unified diff of applying edits to src, "" when
// they change nothing.
func Unified(name string, src []byte, edits []Edit) (string, error) {
	fixed, err := Apply(src, edits)
	if err != nil {
		return "", err
	}
	if string(fixed) == string(src) {
		return "", nil
	}
	oldLines := splitLines(string(src))
	// Each edit changes the old lines it touches: group edits whose
	// lines are within 2*context of each other into one hunk.
	starts := lineStarts(string(src))
	lineOf := func(off int) int { // 0-based line holding byte off
		i, found := slices.BinarySearch(starts, off)
		if !found {
			i--
		}
		return max(i, 0)
	}
	// A change is a run of old lines that edits touch, and what they
	// become; a hunk is a run of changes less than 2*context+1 unchanged
	// lines apart.
	type change struct {
		first, last int // old lines, 0-based, inclusive
		edits       []Edit
		added       []string
	}
	var changes []change
	for _, e := range sorted(edits) {
		first, last := lineOf(e.Start), lineOf(max(e.End-1, e.Start))
		if n := len(changes); n > 0 && first <= changes[n-1].last {
			changes[n-1].last = max(changes[n-1].last, last)
			changes[n-1].edits = append(changes[n-1].edits, e)
			continue
		}
		changes = append(changes, change{first: first, last: last, edits: []Edit{e}})
	}
	for i := range changes {
		c := &changes[i]
		from := starts[c.first]
		to := len(src)
		if c.last+1 < len(starts) {
			to = starts[c.last+1]
		}
		var local []Edit
		for _, e := range c.edits {
			local = append(local, Edit{e.Start - from, e.End - from, e.New})
		}
		newText, err := Apply(src[from:to], local)
		if err != nil {
			return "", err
		}
		c.added = splitLines(string(newText))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "--- a/%s\n+++ b/%s\n", name, name)
	delta := 0 // new line numbers minus old ones, before the hunk
	for i := 0; i < len(changes); {
		j := i + 1
		for j < len(changes) && changes[j].first-changes[j-1].last-1 <= 2*context {
			j++
		}
		hunk := changes[i:j]
		lo := max(hunk[0].first-context, 0)
		hi := min(hunk[len(hunk)-1].last+context, len(oldLines)-1)
		var body strings.Builder
		oldCount, newCount := 0, 0
		at := lo
		for _, c := range hunk {
			for ; at < c.first; at++ {
				writeLine(&body, " ", oldLines[at])
				oldCount++
				newCount++
			}
			for _, l := range oldLines[c.first : c.last+1] {
				writeLine(&body, "-", l)
				oldCount++
			}
			for _, l := range c.added {
				writeLine(&body, "+", l)
				newCount++
			}
			at = c.last + 1
		}
		for ; at <= hi; at++ {
			writeLine(&body, " ", oldLines[at])
			oldCount++
			newCount++
		}
		fmt.Fprintf(&b, "@@ -%s +%s @@\n", hunkRange(lo+1, oldCount), hunkRange(lo+1+delta, newCount))
		b.WriteString(body.String())
		delta += newCount - oldCount
		i = j
	}
	return b.String(), nil
}

func hunkRange(start, count int) string {
	if count == 0 {
		return fmt.Sprintf("%d,0", start-1)
	}
	if count == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}

func writeLine(b *strings.Builder, prefix, line string) {
	b.WriteString(prefix)
	if strings.HasSuffix(line, "\n") {
		b.WriteString(line)
		return
	}
	b.WriteString(line)
	b.WriteString("\n\\ No newline at end of file\n")
}

// splitLines splits s after each newline; the last line may lack one.
func splitLines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// lineStarts returns the byte offset of each line of s.
func lineStarts(s string) []int {
	starts := []int{0}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' && i+1 < len(s) {
			starts = append(starts, i+1)
		}
	}
	return starts
}
