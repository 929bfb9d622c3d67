package suppress

import (
	"bytes"
	"strings"

	"gopkg.in/yaml.v3"
)

// SpanFunc returns the lines a design-file directive on (or just above)
// line covers: the node that starts on line and all its children. ok is
// false when no node starts there.
type SpanFunc func(line int) (from, to int, ok bool)

// AddYAML adds the directives in a design file's comments, given its
// source and its parsed node tree (as yaml.v3 parsed it from src). A
// `# tablelint:ignore RULES reason` comment after a field covers that
// field and its children; on a line of its own it covers the field on
// the next line; `# tablelint:file-ignore RULES reason` covers the file.
func (s *Set) AddYAML(file string, src []byte, root *yaml.Node) {
	s.AddYAMLSpans(file, src, commentTexts(root), NodeSpans(root))
}

// AddYAMLSpans is AddYAML for callers with their own idea of nodes:
// comments lists the text of every real comment in the file (as yaml.v3
// reports them, "# …"; nil: trust every `#` that follows a space or
// starts a line), and span maps a line to the node that starts on it.
func (s *Set) AddYAMLSpans(file string, src []byte, comments []string, span SpanFunc) {
	real := map[string]int{}
	for _, c := range comments {
		real[c]++
	}
	lines := bytes.Split(src, []byte("\n"))
	for i, raw := range lines {
		line := strings.TrimRight(string(raw), " \t\r")
		col := commentStart(line, real, comments == nil)
		if col < 0 {
			continue
		}
		text := line[col:]
		d, ok := Parse(strings.TrimPrefix(text, "#"))
		if !ok {
			continue
		}
		if comments != nil {
			real[text]--
		}
		d.File, d.Line, d.Col = file, i+1, col+1
		target := i + 1
		if strings.TrimSpace(line[:col]) == "" {
			// A comment on a line of its own covers the next field.
			target = 0
			for j := i + 1; j < len(lines); j++ {
				t := strings.TrimSpace(string(lines[j]))
				if t != "" && !strings.HasPrefix(t, "#") {
					target = j + 1
					break
				}
			}
		}
		d.From, d.To = target, target
		if from, to, ok := span(target); ok {
			d.From, d.To = from, to
		}
		s.Add(d)
	}
}

// commentStart returns the byte index of the directive comment ending
// line, or -1. The comment must start a line or follow a blank, and
// (unless trustAll) be one of the file's real comments, so that a `#`
// inside a quoted string or a block scalar is never taken for one.
func commentStart(line string, real map[string]int, trustAll bool) int {
	for i := 0; i < len(line); i++ {
		if line[i] != '#' || (i > 0 && line[i-1] != ' ' && line[i-1] != '\t') {
			continue
		}
		text := line[i:]
		if !strings.Contains(text, Prefix) {
			continue
		}
		if trustAll || real[text] > 0 {
			return i
		}
	}
	return -1
}

// commentTexts returns every comment line yaml.v3 attached to the tree.
func commentTexts(root *yaml.Node) []string {
	var out []string
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if n == nil || depth > maxDepth {
			return
		}
		for _, c := range []string{n.HeadComment, n.LineComment, n.FootComment} {
			for _, l := range strings.Split(c, "\n") {
				if l = strings.TrimSpace(l); l != "" {
					out = append(out, l)
				}
			}
		}
		for _, c := range n.Content {
			walk(c, depth+1)
		}
	}
	walk(root, 0)
	if out == nil {
		out = []string{} // non-nil: no comment is real
	}
	return out
}

// maxDepth bounds the walks over node trees.
const maxDepth = 10000

// NodeSpans returns a SpanFunc for a yaml.v3 node tree: the outermost
// mapping entry (key and value) or sequence item starting on a line
// covers from that line to the last line of its value.
func NodeSpans(root *yaml.Node) SpanFunc {
	spans := map[int]int{}       // start line → end line
	ends := map[*yaml.Node]int{} // memo: last line of a subtree
	var last func(n *yaml.Node, depth int) int
	last = func(n *yaml.Node, depth int) int {
		if end, ok := ends[n]; ok {
			return end
		}
		end := n.Line
		if depth <= maxDepth {
			for _, c := range n.Content {
				end = max(end, last(c, depth+1))
			}
		}
		ends[n] = end
		return end
	}
	record := func(start, end int) {
		if _, ok := spans[start]; !ok {
			spans[start] = end
		}
	}
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if n == nil || depth > maxDepth {
			return
		}
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				record(k.Line, max(k.Line, last(v, depth+1)))
			}
		case yaml.SequenceNode:
			for _, c := range n.Content {
				record(c.Line, last(c, depth+1))
			}
		}
		for _, c := range n.Content {
			walk(c, depth+1)
		}
	}
	walk(root, 0)
	return func(line int) (int, int, bool) {
		end, ok := spans[line]
		return line, end, ok
	}
}
