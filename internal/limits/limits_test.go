package limits

import (
	"regexp"
	"strings"
	"testing"
)

func TestTableNameProblem(t *testing.T) {
	re := regexp.MustCompile(TableNamePattern)
	for _, c := range []struct{ name, want string }{
		{"Orders", ""},
		{"abc", ""},
		{strings.Repeat("a", 63), ""},
		{"", "it is empty"},
		{"ab", "shorter than 3 characters"},
		{"é", "shorter than 3 characters"},
		{strings.Repeat("a", 64), "longer than 63 characters"},
		{"1orders", "it must begin with a letter"},
		{"my-table", `'-' is not a letter or digit`},
		{"ordé", `'é' is not a letter or digit`},
		{"tables", ""}, // reserved, but well-formed
	} {
		got := TableNameProblem(c.name)
		if got != c.want {
			t.Errorf("TableNameProblem(%q) = %q, want %q", c.name, got, c.want)
		}
		if (got == "") != re.MatchString(c.name) {
			t.Errorf("TableNameProblem(%q) = %q disagrees with %s", c.name, got, TableNamePattern)
		}
	}
	for _, n := range []string{"tables", "Tables", "TABLES"} {
		if !ReservedTableName(n) || ValidTableName(n) {
			t.Errorf("%q: want reserved and invalid", n)
		}
	}
}

func TestSizes(t *testing.T) {
	// An entity with keys "Sales"/"000123" and properties Age (Int32) and
	// Name = "Jones" (String): 4 + 2*(5+6) + (8+2*3+4) + (8+2*4+(2*5+4)).
	props := PropertySize(3, Int32Bytes) + PropertySize(4, StringSize(5))
	if got, want := EntitySize(5, 6, props), 4+22+18+30; got != want {
		t.Errorf("EntitySize = %d, want %d", got, want)
	}
	if KeySize(MaxKeyChars) != MaxKeyBytes || KeySize(int64(MaxKeyChars+1)) <= MaxKeyBytes {
		t.Errorf("MaxKeyChars %d does not fill MaxKeyBytes %d", MaxKeyChars, MaxKeyBytes)
	}
	if StringSize(MaxStringChars)-4 != MaxStringBytes || BinarySize(MaxBinaryBytes) != MaxBinaryBytes+4 {
		t.Error("value sizes do not match the value limits")
	}
	if MaxCustomProperties != 252 {
		t.Errorf("MaxCustomProperties = %d, want 252", MaxCustomProperties)
	}
}

func TestInvalidKeyRune(t *testing.T) {
	for _, r := range []rune{'/', '\\', '#', '?', 0, '\t', '\n', 0x1f, 0x7f, 0x81, 0x9f} {
		if !InvalidKeyRune(r) {
			t.Errorf("%U allowed in keys", r)
		}
	}
	for _, r := range []rune{'a', '_', '-', ' ', 0x20, 0x7e, 0xa0, 'é', 0xe000, '😀'} {
		if InvalidKeyRune(r) {
			t.Errorf("%U rejected in keys", r)
		}
	}
}

func TestPropertyNames(t *testing.T) {
	for _, c := range []struct {
		name  string
		ident bool
		bad   rune
	}{
		{"LastName", true, 0},
		{"_x1", true, 0},
		{"Last-Name", false, 0},
		{"Manager Rating", false, 0},
		{"1st", false, 0},
		{"Prénom", true, 0},
		{"", false, 0},
		{"a\x01b", false, 0x01},
		{"a\u0081", false, 0x81},
		{"x\uE000", false, 0xE000},
		{"x\uFDD0", false, 0xFDD0},
	} {
		if got := IsCSharpIdentifier(c.name); got != c.ident {
			t.Errorf("IsCSharpIdentifier(%q) = %v, want %v", c.name, got, c.ident)
		}
		r, bad := InvalidPropertyNameRune(c.name)
		if bad != (c.bad != 0) || r != c.bad {
			t.Errorf("InvalidPropertyNameRune(%q) = %U, %v; want %U", c.name, r, bad, c.bad)
		}
	}
}

func TestXMLNameRune(t *testing.T) {
	for _, c := range []struct {
		name string
		bad  rune
	}{
		{"Email", 0},
		{"_x", 0},
		{"Prénom", 0},
		{"a\u200cb", 0}, // ZWNJ is a NameStartChar
		{"a\u200bb", 0x200B},
		{"\u200bEmail", 0x200B},
		{"a\u2028", 0x2028},
		{"a\u00b7b", 0}, // middle dot: a NameChar
		{"\u00b7b", 0xB7},
	} {
		r, bad := XMLNameRune(c.name)
		if bad != (c.bad != 0) || r != c.bad {
			t.Errorf("XMLNameRune(%q) = %U, %v; want %U", c.name, r, bad, c.bad)
		}
	}
}
