package shapes

import (
	"bytes"
	"strings"
)

// Hand-written escapers, recognised by what they do whatever their
// names: every quote of the parameter written twice.

func tidy(v string) string {
	var buf []rune
	for _, c := range v {
		switch c {
		case '\'':
			buf = append(buf, c, '\'')
		default:
			buf = append(buf, c)
		}
	}
	return string(buf)
}

func tidyBytes(v string) string {
	var w bytes.Buffer
	for k := 0; k < len(v); k++ {
		if v[k] != '\'' {
			w.WriteByte(v[k])
		} else {
			w.WriteString("''")
		}
	}
	return w.String()
}

// Not escapers: a plain copy, a quote written once, a backslash before it.

func copied(v string) string {
	out := make([]byte, 0, len(v))
	for k := 0; k < len(v); k++ {
		out = append(out, v[k])
	}
	return string(out)
}

func once(v string) string {
	var sb strings.Builder
	for _, c := range v {
		if c == '\'' {
			sb.WriteRune('\'')
			continue
		}
		sb.WriteRune(c)
	}
	return sb.String()
}

func slashed(v string) string {
	var sb strings.Builder
	for _, c := range v {
		if c == '\'' {
			sb.WriteByte('\\')
		}
		sb.WriteRune(c)
	}
	return sb.String()
}

// Escapers: tidy and tidyBytes give the parameter escaped; the others
// carry no /escaped bound.
func Escapers(name string) {
	sink(tidy(name))      // want `^\{param0:name/escaped\}$`
	sink(tidyBytes(name)) // want `^\{param0:name/escaped\}$`
	sink(copied(name))    // want `^(?:[^/]|/[^e])*$`
	sink(once(name))      // want `^(?:[^/]|/[^e])*$`
	sink(slashed(name))   // want `^(?:[^/]|/[^e])*$`
}
