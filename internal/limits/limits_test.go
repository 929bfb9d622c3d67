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
	if got := BatchPayload(2, 1000); got != 2*BatchActionOverheadBytes+1000 {
		t.Errorf("BatchPayload = %d", got)
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
