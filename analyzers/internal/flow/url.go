package flow

import "strings"

// TableOfURL returns the table part of a table client's URL, as the SDK
// takes it: the last segment of the path, before the query or fragment.
// It is known (ok) only when that segment is constant text in vr; the
// scheme and host may hold run-time values ("https://" + account +
// ".table.core.windows.net/Orders").
func TableOfURL(vr Variant) (name string, ok bool) {
	const hole = "\x00"
	s := vr.Marked(hole)
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

// Marked returns the variant's text with each hole written as mark, for
// readers that split text (a URL, a query, a connection string) and must
// know which pieces are known only at run time.
func (vr Variant) Marked(mark string) string {
	var b strings.Builder
	for _, p := range vr.Parts {
		if p.Hole != nil {
			b.WriteString(mark)
		} else {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}
