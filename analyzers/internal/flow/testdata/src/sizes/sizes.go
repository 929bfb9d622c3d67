package sizes

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
)

func sink(v ...any) {}

// fetchDoc decodes a whole response into an untyped value.
func fetchDoc(resp *http.Response) (any, error) {
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	var doc any
	err = json.Unmarshal(raw, &doc)
	return doc, err
}

// fetchSmall decodes a response read through a 4 KiB limit.
func fetchSmall(resp *http.Response) (any, error) {
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4096))
	if err != nil {
		return nil, err
	}
	var doc any
	err = json.Unmarshal(raw, &doc)
	return doc, err
}

func Unbounded(resp *http.Response, r *http.Request, n int, blob []byte) {
	b, _ := io.ReadAll(resp.Body)
	sink(b) // want `unbounded`
	f, _ := os.ReadFile("notes.txt")
	sink(string(f)) // want `unbounded`
	doc, _ := fetchDoc(resp)
	out, _ := json.Marshal(doc)
	sink(string(out))             // want `unbounded`
	sink(strings.Repeat("ab", n)) // want `unbounded`
	sink(blob)                    // want `unbounded`
}

func Bounded(w http.ResponseWriter, resp *http.Response, r *http.Request, id int64, s string) {
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1000))
	sink(b) // want `at most 1000`
	r.Body = http.MaxBytesReader(w, r.Body, 2048)
	c, _ := io.ReadAll(r.Body)
	sink(c) // want `at most 2048`
	small, _ := fetchSmall(resp)
	out, _ := json.Marshal(small)
	sink(out)                               // want `at most 4096`
	sink(strings.Repeat("ab", 8))           // want `at most 16`
	sink(strconv.FormatInt(id, 10))         // want `at most 20`
	sink(fmt.Sprintf("%s-%d", "order", id)) // want `at most 26`
	if len(s) > 300 {
		return
	}
	sink(s) // want `at most 300`
	d, _ := io.ReadAll(resp.Body)
	sink(d[:512]) // want `at most 512`
}
