package model_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/model"
)

func TestParseTemplate(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string // parts joined by |, placeholders as String()
	}{
		{"{Department}", "{Department}"},
		{"empid_{EmployeeId:%06d}", "empid_|{EmployeeId:%06d}"},
		{"{now:2006010215}", "{now:2006010215}"},
		{"{invticks}_{uuid}", "{invticks}|_|{uuid}"},
		{"{seq:%019d}", "{seq:%019d}"},
		{"{hash:DeviceId:16}_{now:20060102}", "{hash:DeviceId:16}|_|{now:20060102}"},
		{"a{{b}c", "a{{b}c"},
		{"", ""},
		{"plain", "plain"},
		{"{Hired:20060102}", "{Hired:20060102}"},
	} {
		parts, err := model.ParseTemplate(c.in)
		if err != nil {
			t.Errorf("ParseTemplate(%q): %v", c.in, err)
			continue
		}
		var got []string
		for i := range parts {
			got = append(got, parts[i].String())
		}
		if g := strings.Join(got, "|"); g != c.want {
			t.Errorf("ParseTemplate(%q) = %q, want %q", c.in, g, c.want)
		}
	}
}

func TestParseTemplateErrors(t *testing.T) {
	for _, c := range []struct {
		in     string
		offset int
		msg    string
	}{
		{"empid_{EmployeeId:%06d", 6, "unclosed '{'"},
		{"{a{b}", 0, "unclosed '{'"},
		{"{}", 0, "empty placeholder"},
		{"x{1abc}", 1, "invalid placeholder"},
		{"{Id:%06}", 0, "not a single Go fmt verb"},
		{"{Id:%d%d}", 0, "not a single Go fmt verb"},
		{"{Id:%099999d}", 0, "width 99999 is wider than any key can be"},
		{"{now}", 0, "needs a Go time layout"},
		{"{now:abc}", 0, "no time fields"},
		{"{uuid:x}", 0, "takes no argument"},
		{"{hash:Id}", 0, "expected {hash:Property:N}"},
		{"{hash:Id:0}", 0, "N must be"},
		{"{seq:%s}", 0, "is a number"},
		{"ab\xffc", 2, "invalid UTF-8"},
	} {
		_, err := model.ParseTemplate(c.in)
		var te *model.TemplateError
		if !errors.As(err, &te) {
			t.Errorf("ParseTemplate(%q) = %v, want a *TemplateError", c.in, err)
			continue
		}
		if te.Offset != c.offset || !strings.Contains(te.Msg, c.msg) {
			t.Errorf("ParseTemplate(%q) error at %d %q, want at %d containing %q", c.in, te.Offset, te.Msg, c.offset, c.msg)
		}
	}
}

func TestCheckVerb(t *testing.T) {
	ok := map[edm.Type][]string{
		edm.String:   {"", "%s", "%v", "%.10s", "%x"},
		edm.Int32:    {"", "%d", "%06d", "%x", "%08X"},
		edm.Int64:    {"%019d"},
		edm.Double:   {"%f", "%.2f", "%g"},
		edm.Boolean:  {"%t"},
		edm.Guid:     {"", "%s"},
		edm.DateTime: {"", "20060102", "2006-01-02T15"},
		edm.Binary:   {"%x"},
	}
	bad := map[edm.Type][]string{
		edm.String:   {"%06d", "%t"},
		edm.Int32:    {"%s", "%f"},
		edm.Boolean:  {"%d"},
		edm.DateTime: {"%d", "abc"},
		edm.Binary:   {"", "%s"},
	}
	for typ, verbs := range ok {
		for _, v := range verbs {
			if err := model.CheckVerb(typ, v); err != nil {
				t.Errorf("CheckVerb(%s, %q): %v", typ, v, err)
			}
		}
	}
	for typ, verbs := range bad {
		for _, v := range verbs {
			if err := model.CheckVerb(typ, v); err == nil {
				t.Errorf("CheckVerb(%s, %q) accepted", typ, v)
			}
		}
	}
}

// TestWidths checks the widths key templates produce, which decide key
// lengths and the size estimate.
func TestWidths(t *testing.T) {
	src := `
version: 1
tables:
  T:
    entities:
      E:
        partitionKey: "{Dept}"
        rowKey: "x"
        properties:
          Dept: {type: String, maxLength: 32, typicalLength: 10}
          Free: String
          Id: Int32
          Big: Int64
          When: DateTime
          Key: Guid
          Raw: {type: Binary, maxBytes: 16}
`
	d, err := model.Parse("w.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	e := d.Tables[0].Entities[0]
	for _, c := range []struct {
		tpl     string
		max     int
		bounded bool
		typical int // -1: unknown
	}{
		{"{Dept}", 32, true, 10},
		{"{Dept:%.5s}", 5, true, 5},
		{"{Free}", 32768, false, -1},
		{"{Free:%.20s}", 20, true, 20},
		{"{Id:%06d}", 11, true, 6},
		{"{Id:%010d}", 11, true, 10},
		{"{Big:%019d}", 20, true, 19},
		{"{Id:%08x}", 9, true, 8},
		{"{When:20060102}", 8, true, 8},
		{"{When}", 28, true, 28},
		{"{Key}", 36, true, 36},
		{"{Raw:%x}", 32, true, -1},
		{"{now:2006010215}", 10, true, 10},
		{"{now:January}", 9, true, 9},
		{"{invticks}", 19, true, 19},
		{"{uuid}", 36, true, 36},
		{"{hash:Dept:16}", 2, true, 2},
		{"{hash:Dept:10}", 1, true, 1},
		{"ab€{{", 4, true, 4},
		{"\U0001F600", 2, true, 2},
	} {
		parts, err := model.ParseTemplate(c.tpl)
		if err != nil {
			t.Fatalf("%q: %v", c.tpl, err)
		}
		tp := &model.Template{Text: c.tpl, Parts: parts}
		for i := range tp.Parts {
			if tp.Parts[i].Name != "" {
				tp.Parts[i].Prop = e.Property(tp.Parts[i].Name)
			}
		}
		w, b := tp.MaxWidth()
		tw, tok := tp.TypicalWidth()
		if !tok {
			tw = -1
		}
		if w != c.max || b != c.bounded || tw != c.typical {
			t.Errorf("%q: max %d bounded %v typical %d; want %d %v %d", c.tpl, w, b, tw, c.max, c.bounded, c.typical)
		}
	}
}

func TestLayoutGranularity(t *testing.T) {
	for layout, want := range map[string]string{"2006010215": "1h0m0s", "20060102": "24h0m0s", "200601021504": "1m0s", "2006": "8784h0m0s", "15:04:05.000": "1ms"} {
		if got := model.LayoutGranularity(layout).String(); got != want {
			t.Errorf("LayoutGranularity(%q) = %s, want %s", layout, got, want)
		}
	}
}

// FuzzParseTemplate checks that no template panics the parser, that
// errors point inside the text, and that a parsed template prints back to
// text that parses to the same parts.
func FuzzParseTemplate(f *testing.F) {
	for _, s := range []string{"{Department}", "empid_{EmployeeId:%06d}", "{now:2006010215}", "{hash:Id:16}_{seq}", "a{{b", "{", "{x:%", "{invticks:%019d}_{uuid}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		parts, err := model.ParseTemplate(s)
		if err != nil {
			var te *model.TemplateError
			if !errors.As(err, &te) || te.Offset < 0 || te.Offset > len(s) {
				t.Fatalf("ParseTemplate(%q): bad error %v", s, err)
			}
			return
		}
		tp := &model.Template{Text: s, Parts: parts}
		for i := range parts {
			p := &parts[i]
			if p.Offset < 0 || p.Offset+p.Len > len(s) {
				t.Fatalf("ParseTemplate(%q): part %d at %d+%d outside the text", s, i, p.Offset, p.Len)
			}
		}
		printed := tp.String()
		again, err := model.ParseTemplate(printed)
		if err != nil {
			t.Fatalf("ParseTemplate(%q) printed %q, which does not parse: %v", s, printed, err)
		}
		if got := (&model.Template{Parts: again}).String(); got != printed {
			t.Fatalf("round trip %q → %q → %q", s, printed, got)
		}
		w, _ := tp.MaxWidth()
		if tp.Constant() {
			var text strings.Builder
			for i := range parts {
				text.WriteString(parts[i].Text)
			}
			if w != edm.UTF16Len(text.String()) || !utf8.ValidString(text.String()) {
				t.Fatalf("constant template %q: width %d for text %q", s, w, text.String())
			}
		} else if w < 0 {
			t.Fatalf("template %q: width %d", s, w)
		}
	})
}
