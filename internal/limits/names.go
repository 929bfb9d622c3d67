package limits

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Table names: "Table names may contain only alphanumeric characters.",
// "Table names cannot begin with a numeric character.", "Table names must
// be from 3 to 63 characters long." and "These rules are also described by
// the regular expression "^[A-Za-z][A-Za-z0-9]{2,62}$"." (data model
// reference).
const (
	MinTableNameChars = 3
	MaxTableNameChars = 63
	TableNamePattern  = `^[A-Za-z][A-Za-z0-9]{2,62}$`
)

// reservedTableNames are the reserved names the documentation gives: "Some
// table names are reserved, including "tables"." The list is not
// exhaustive.
var reservedTableNames = []string{"tables"}

// ReservedTableName reports whether name is a reserved table name; table
// names are compared case-insensitively ("Table names are
// case-insensitive.").
func ReservedTableName(name string) bool {
	for _, r := range reservedTableNames {
		if strings.EqualFold(name, r) {
			return true
		}
	}
	return false
}

// TableNameProblem returns why name does not match TableNamePattern, as a
// clause ("shorter than 3 characters"), or "" when it matches. It does not
// check reserved names (see ReservedTableName). Lengths are in characters;
// a valid name is ASCII, so characters and bytes agree on valid names.
func TableNameProblem(name string) string {
	n := utf8.RuneCountInString(name)
	switch {
	case name == "":
		return "it is empty"
	case n < MinTableNameChars:
		return fmt.Sprintf("shorter than %d characters", MinTableNameChars)
	case n > MaxTableNameChars:
		return fmt.Sprintf("longer than %d characters", MaxTableNameChars)
	case !isLetter(name[0]):
		return "it must begin with a letter"
	}
	for _, r := range name {
		if !IsTableNameChar(r) {
			return fmt.Sprintf("%q is not a letter or digit", r)
		}
	}
	return ""
}

// ValidTableName reports whether name is a valid table name that is not
// reserved.
func ValidTableName(name string) bool {
	return TableNameProblem(name) == "" && !ReservedTableName(name)
}

// IsTableNameChar reports whether r may appear in a table name: an ASCII
// letter or digit.
func IsTableNameChar(r rune) bool {
	return r < utf8.RuneSelf && (isLetter(byte(r)) || '0' <= r && r <= '9')
}

func isLetter(b byte) bool { return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' }

// InvalidPropertyNameRune returns a character property names cannot hold:
// control characters, private-use code points (such as U+E000),
// surrogates and non-characters — "Code points like \uE000 … cannot be
// used" and "control characters (0x00 to 0x1F, \u0081, etc.), are also not
// allowed" (data model reference).
func InvalidPropertyNameRune(s string) (rune, bool) {
	for _, c := range s {
		switch {
		case c == utf8.RuneError, unicode.IsControl(c), unicode.Is(unicode.Co, c), unicode.Is(unicode.Cs, c),
			c >= 0xFDD0 && c <= 0xFDEF, c&0xFFFE == 0xFFFE:
			return c, true
		}
	}
	return 0, false
}

// IsCSharpIdentifier reports whether s is a C# identifier — "Property
// names should follow naming rules for C# identifiers": a letter or _
// followed by letters, digits, connectors and combining marks.
func IsCSharpIdentifier(s string) bool {
	for i, c := range s {
		switch {
		case c == '_' || unicode.IsLetter(c) || unicode.Is(unicode.Nl, c):
		case i > 0 && (unicode.IsDigit(c) || unicode.Is(unicode.Pc, c) || unicode.Is(unicode.Mn, c) || unicode.Is(unicode.Mc, c) || unicode.Is(unicode.Cf, c)):
		default:
			return false
		}
	}
	return s != ""
}

// XMLNameRune returns the first character of s that an XML name cannot
// hold there (XML 1.0, fifth edition: NameStartChar first, NameChar
// after), and whether there is one. "Some C# identifiers are not valid
// according to the XML specification. These identifiers may not be used
// in property names, because property names are sent via an XML payload
// in a request against the Table service." (data model reference). U+200B
// (a zero-width space, a format character C# allows) is one.
func XMLNameRune(s string) (rune, bool) {
	for i, r := range s {
		if !xmlNameStart(r) && (i == 0 || !xmlNameChar(r)) {
			return r, true
		}
	}
	return 0, false
}

func xmlNameStart(r rune) bool {
	switch {
	case r == ':' || r == '_' || 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z':
		return true
	case 0xC0 <= r && r <= 0xD6, 0xD8 <= r && r <= 0xF6, 0xF8 <= r && r <= 0x2FF,
		0x370 <= r && r <= 0x37D, 0x37F <= r && r <= 0x1FFF, 0x200C <= r && r <= 0x200D,
		0x2070 <= r && r <= 0x218F, 0x2C00 <= r && r <= 0x2FEF, 0x3001 <= r && r <= 0xD7FF,
		0xF900 <= r && r <= 0xFDCF, 0xFDF0 <= r && r <= 0xFFFD, 0x10000 <= r && r <= 0xEFFFF:
		return true
	}
	return false
}

func xmlNameChar(r rune) bool {
	return r == '-' || r == '.' || '0' <= r && r <= '9' || r == 0xB7 ||
		0x300 <= r && r <= 0x36F || 0x203F <= r && r <= 0x2040
}
