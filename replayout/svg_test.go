package replayout

import (
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestSVGTextHasOnlyText: a <text> element holds character data only.
// Renderers such as ImageMagick print a <title> nested in <text> as part
// of the label; tooltips go on an enclosing <g>.
func TestSVGTextHasOnlyText(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "small.svg"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := xml.NewDecoder(f)
	var stack []string
	texts, titles := 0, 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if n := len(stack); n > 0 && stack[n-1] == "text" {
				t.Errorf("<%s> inside <text>", tok.Name.Local)
			}
			switch tok.Name.Local {
			case "text":
				texts++
			case "title":
				titles++
			}
			stack = append(stack, tok.Name.Local)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	if texts == 0 || titles == 0 {
		t.Fatalf("small.svg has %d <text> and %d <title>: not the heat map this test expects", texts, titles)
	}
}
