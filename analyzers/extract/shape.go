package extract

import (
	"fmt"
	"strings"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/model"
)

// KeyPart is one piece of a key's shape: literal Text, or a placeholder
// of a Kind.
type KeyPart struct {
	Text string
	Hole bool
	// Kind is 's' for a value that can be any text, 'd' a formatted
	// integer, 't' a formatted time, 'u' a UUID.
	Kind byte
	// Verb is an integer's verb or a time's layout.
	Verb string
	// Name is the placeholder as written ({Department}, {now:20060102}).
	Name string
	// Prop is the property a placeholder names ("" for a built-in).
	Prop string
}

// KeyParts parses a key template into its shape; typeOf gives the type
// of the properties it names.
func KeyParts(text string, typeOf func(string) edm.Type) ([]KeyPart, bool) {
	parts, err := model.ParseTemplate(text)
	if err != nil {
		return nil, false
	}
	var out []KeyPart
	for i := range parts {
		p := &parts[i]
		if !p.IsPlaceholder() {
			if n := len(out); n > 0 && !out[n-1].Hole {
				out[n-1].Text += p.Text
				continue
			}
			out = append(out, KeyPart{Text: p.Text})
			continue
		}
		k := KeyPart{Hole: true, Kind: 's', Name: p.String()}
		switch p.Builtin {
		case model.Now:
			k.Kind, k.Verb = 't', p.Verb
		case model.InvTicks:
			k.Kind, k.Verb = 'd', "%019d"
		case model.Seq:
			k.Kind, k.Verb = 'd', p.Verb
		case model.UUID:
			k.Kind = 'u'
		case model.NotBuiltin:
			k.Prop = p.Name
			switch typeOf(p.Name) {
			case edm.Int32, edm.Int64:
				k.Kind, k.Verb = 'd', p.Verb
			case edm.DateTime:
				if p.Verb != "" {
					k.Kind, k.Verb = 't', p.Verb
				}
			case edm.Guid:
				k.Kind = 'u'
			}
		}
		if k.Kind == 'd' && k.Verb == "" {
			k.Verb = "%d"
		}
		out = append(out, k)
	}
	return out, true
}

// Contradiction returns why key shape code contradicts template, or ""
// when it can be an instance of it. A placeholder of kind 's' (any text)
// on either side matches any placeholder, except a time the code formats
// where the template has text: only what both sides make definite can
// contradict (literal text, the number and order of parts, an integer's
// padding, a time's layout, a time where the template has none).
func Contradiction(code, template []KeyPart) string {
	show := func(ps []KeyPart) string {
		var b strings.Builder
		for _, p := range ps {
			if p.Hole {
				b.WriteString(p.Name)
			} else {
				b.WriteString(strings.ReplaceAll(p.Text, "{", "{{"))
			}
		}
		return b.String()
	}
	if len(code) != len(template) {
		return fmt.Sprintf("the code builds %q, %d part(s), where the template %q has %d", show(code), len(code), show(template), len(template))
	}
	for i := range code {
		a, b := code[i], template[i]
		switch {
		case !a.Hole && !b.Hole:
			if a.Text != b.Text {
				return fmt.Sprintf("literal text %q where the template %q has %q", a.Text, show(template), b.Text)
			}
		case a.Hole != b.Hole:
			return fmt.Sprintf("the code builds %q where the template has %q: the parts are in another order", show(code), show(template))
		case a.Kind == 't' && b.Kind == 's':
			return fmt.Sprintf("%s is a time where the template has %s, no time", a.Name, b.Name)
		case a.Kind == 's' || b.Kind == 's':
		case a.Kind != b.Kind:
			return fmt.Sprintf("%s is %s where the template has %s", a.Name, kindName(a.Kind), kindName(b.Kind))
		case a.Kind == 'd' && width(a.Verb) != width(b.Verb):
			return fmt.Sprintf("%s is formatted with %s where the template has %s", a.Name, a.Verb, b.Name)
		case a.Kind == 't' && a.Verb != b.Verb:
			return fmt.Sprintf("%s has the time layout %q where the template has %q", a.Name, a.Verb, b.Verb)
		}
	}
	return ""
}

func kindName(k byte) string {
	switch k {
	case 'd':
		return "an integer"
	case 't':
		return "a time"
	case 'u':
		return "a UUID"
	}
	return "text"
}

// width returns the zero-padded width of an integer verb, 0 if none.
func width(verb string) int {
	v := strings.TrimPrefix(verb, "%")
	if !strings.HasPrefix(v, "0") {
		return 0
	}
	n := 0
	for _, c := range v[1:] {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n
}
