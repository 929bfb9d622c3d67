package flow

import "strings"

// TableOfURL returns the table part of a table client's URL, as the SDK
// takes it: the last segment of the path, before the query or fragment.
// It is known (ok) only when that segment is constant text in vr; the
// scheme and host may hold run-time values ("https://" + account +
// ".table.core.windows.net/Orders").
func TableOfURL(vr Variant) (name string, ok bool) {
	const hole = "\x00"
	var b strings.Builder
	for _, p := range vr.Parts {
		if p.Hole != nil {
			b.WriteString(hole)
		} else {
			b.WriteString(p.Text)
		}
	}
	s := b.String()
	i := strings.Index(s, "://")
	if i < 0 {
		return "", false
	}
	s = s[i+3:]
	if j := strings.IndexAny(s, "?#"); j >= 0 {
		s = s[:j]
	}
	if !strings.Contains(s, "/") {
		return "", false // no path
	}
	name = s[strings.LastIndexByte(s, '/')+1:]
	if name == "" || strings.Contains(name, hole) {
		return "", false
	}
	return name, true
}

// ConstText returns v's text when v is constant (one variant without
// holes, nothing dropped).
func ConstText(v Value) (string, bool) {
	if !v.IsConst() {
		return "", false
	}
	return v.Variants[0].Text(), true
}
