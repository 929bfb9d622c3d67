// Package injectallowlist: a helper that copies a character only when
// a test puts it in a set without the quote, and spells every other one
// without a quote, makes text that holds none, whatever it is called.
// One whose set lets the quote through, one that copies what it does not
// test, and one that spells only some characters do not.
package injectallowlist

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type depot struct {
	tc     *aztables.Client
	prefix string
}

// tag keeps lower-case letters, digits and '~' and writes every other
// byte as '%' and its decimal code.
func tag(in string) string {
	var sb strings.Builder
	for i := 0; i < len(in); i++ {
		ch := in[i]
		if ('0' <= ch && ch <= '9') || (ch >= 'a' && ch <= 'z') || ch == '~' {
			sb.WriteByte(ch)
			continue
		}
		fmt.Fprintf(&sb, "%%%d", ch)
	}
	return sb.String()
}

// label keeps letters and the runes of a constant set, and appends the
// code of any other rune in base 36 after a '!'.
func label(in string) string {
	out := []byte{}
	for _, r := range in {
		if unicode.IsLetter(r) || strings.ContainsRune("+=", r) {
			out = append(out, string(r)...)
		} else {
			out = append(out, '!')
			out = strconv.AppendInt(out, int64(r), 36)
		}
	}
	return string(out)
}

// loose lets the quote through with the letters.
func loose(in string) string {
	var sb strings.Builder
	for i := 0; i < len(in); i++ {
		ch := in[i]
		if (ch >= 'a' && ch <= 'z') || ch == '\'' {
			sb.WriteByte(ch)
		} else {
			fmt.Fprintf(&sb, "%%%d", ch)
		}
	}
	return sb.String()
}

// lenient spells the digits and copies everything else.
func lenient(in string) string {
	out := []byte{}
	for _, r := range in {
		if r >= '0' && r <= '9' {
			out = append(out, '#')
			out = strconv.AppendInt(out, int64(r), 10)
		} else {
			out = append(out, string(r)...)
		}
	}
	return string(out)
}

// spaced spells only the blank.
func spaced(in string) string {
	var sb strings.Builder
	for i := 0; i < len(in); i++ {
		if in[i] == ' ' {
			sb.WriteString("%20")
		} else {
			sb.WriteByte(in[i])
		}
	}
	return sb.String()
}

func (d *depot) key(in string) string {
	if d.prefix == "" {
		return tag(in)
	}
	return tag(d.prefix + "/" + in)
}

// Silent: tag's text holds no quote, called directly, through a method,
// kept in a variable, or cut.
func (d *depot) Crates(ctx context.Context, in string) {
	f := fmt.Sprintf("PartitionKey eq '%s'", tag(in))
	d.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	g := fmt.Sprintf("PartitionKey eq '%s'", d.key(in))
	d.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &g})
	k := d.key(in)
	h := "PartitionKey ge '" + k[:len(k)/2] + "' and RowKey eq '" + k + "'"
	d.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &h})
}

// Silent: label's neither.
func (d *depot) Pallets(ctx context.Context, in string) {
	f := fmt.Sprintf("RowKey eq '%s'", label(in))
	d.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// Reported: loose, lenient and spaced let a quote through.
func (d *depot) Bins(ctx context.Context, in string) {
	f := fmt.Sprintf("RowKey eq '%s'", loose(in)) // want `TL321`
	d.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	g := fmt.Sprintf("RowKey eq '%s'", lenient(in)) // want `TL321`
	d.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &g})
	h := fmt.Sprintf("RowKey eq '%s'", spaced(in)) // want `TL321`
	d.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &h})
}

// slug keeps upper-case letters, digits and ':' (a switch whose cases
// join two tests) in a bytes.Buffer and writes '_' for every other rune.
func slug(in string) string {
	var buf bytes.Buffer
	for _, r := range []rune(in) {
		switch {
		case r >= 'A' && r <= 'Z', '0' <= r && r <= '9', r == ':':
			buf.WriteRune(r)
		default:
			buf.WriteString("_")
		}
	}
	return buf.String()
}

// Silent: slug's neither.
func (d *depot) Shelves(ctx context.Context, in string) {
	f := fmt.Sprintf("RowKey lt '%s'", slug(in))
	d.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// hexKey percent-encodes: it keeps ASCII letters, digits and '-', and
// spells every byte of any other rune as %XX in an inner loop over the
// rune's UTF-8 bytes: what the inner loop writes holds no quote.
func hexKey(in string) string {
	var b strings.Builder
	var buf [utf8.UTFMax]byte
	for _, r := range in {
		if r < utf8.RuneSelf && (r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
			continue
		}
		n := utf8.EncodeRune(buf[:], r)
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "%%%02X", buf[i])
		}
	}
	return b.String()
}

// rawKey's inner loop writes the bytes themselves: a quote among them
// goes through.
func rawKey(in string) string {
	var b strings.Builder
	var buf [utf8.UTFMax]byte
	for _, r := range in {
		if r < utf8.RuneSelf && (r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
			continue
		}
		n := utf8.EncodeRune(buf[:], r)
		for i := 0; i < n; i++ {
			b.WriteByte(buf[i])
		}
	}
	return b.String()
}

// Silent: hexKey's text holds no quote. Reported: rawKey's may.
func (d *depot) Racks(ctx context.Context, in string) {
	k := hexKey(in)
	f := "RowKey ge '" + k + "_' and RowKey lt '" + k + "`'"
	d.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	r := rawKey(in)
	g := "RowKey ge '" + r + "_' and RowKey lt '" + r + "`'" // want `TL321`
	d.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &g})
}
