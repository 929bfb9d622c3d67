package sizes

import (
	"crypto/cipher"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
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

// A login kept as a document: its fields are what the client sent.
type login struct {
	Client  string
	Return  string `json:"return_to"`
	Started time.Time
	Tries   int
	Secret  string `json:"-"`
}

// A bounded record: numbers, a time, a UUID's text, a constant.
type record struct {
	ID      int64
	Kind    string
	Ref     string
	At      time.Time
	Enabled bool
}

func Structs(r *http.Request, resp *http.Response, id int64) {
	raw, _ := io.ReadAll(resp.Body)
	doc, _ := json.Marshal(login{Client: string(raw), Return: "/", Started: time.Now()})
	sink(doc) // want `unbounded`
	var l login
	l.Client = string(raw)
	out, _ := json.Marshal(&l)
	sink(base64.StdEncoding.EncodeToString(out)) // want `unbounded`
	sink(hex.EncodeToString(out))                // want `unbounded`
	rec, _ := json.Marshal(record{ID: id, Kind: "order", Ref: uuid.NewString(), At: time.Now()})
	sink(rec) // want `at most \d+`
	name := r.FormValue("name")
	if len(name) > 64 {
		return
	}
	checked, _ := json.Marshal(login{Client: name, Return: "/"})
	sink(checked) // want `at most \d+`
}

// A generic store marshals what it is given: its callers' documents.
type store[V any] struct{}

func (s *store[V]) put(v V) string {
	doc, _ := json.Marshal(v)
	return string(doc)
}

func Generic(r *http.Request, id int64) {
	var logins store[login]
	raw, _ := io.ReadAll(r.Body)
	sink(logins.put(login{Client: string(raw)})) // want `unbounded`
	var recs store[record]
	sink(recs.put(record{ID: id, Kind: "order"})) // want `at most \d+`
}

// sealed encrypts what it is given: as long as that, and more.
func sealed(aead cipher.AEAD, plain []byte) string {
	nonce := make([]byte, aead.NonceSize())
	return base64.RawURLEncoding.EncodeToString(aead.Seal(nonce, nonce, plain, nil))
}

func Sealed(r *http.Request, aead cipher.AEAD, id int64) {
	raw, _ := io.ReadAll(r.Body)
	doc, _ := json.Marshal(login{Client: string(raw)})
	sink(sealed(aead, doc)) // want `unbounded`
	rec, _ := json.Marshal(record{ID: id})
	sink(sealed(aead, rec)) // want `at most \d+`
}

func maybeLong(long bool, n int) string {
	if long {
		return strings.Repeat("x", 60000)
	}
	return strings.Repeat("y", n)
}

func Least(l bool, n int) {
	sink(maybeLong(l, n))        // want `unbounded`
	sink(strings.Repeat("z", n)) // want `unbounded`
}

func Made(big bool) {
	data := make([]byte, 600)
	if big {
		data = make([]byte, 700)
	}
	sink(data) // want `at most 700`
}

type inner struct {
	Code string
	N    int
}

type outer struct {
	Name string
	In   inner
	Ptr  *inner
}

// Nested structs are as large as what the code puts in their fields.
func Nested(r *http.Request, s string) {
	a, _ := json.Marshal(outer{Name: "x", In: inner{Code: "abc", N: 1}, Ptr: &inner{Code: "de"}})
	sink(a) // want `at most \d+`
	b, _ := json.Marshal(outer{Name: "x", In: inner{Code: r.Header.Get("X")}})
	sink(b) // want `not known`
	c, _ := json.Marshal(outer{Name: "x", In: inner{Code: strings.Repeat("z", s2n(s))}})
	sink(c) // want `unbounded`
	var o outer
	o.In.Code = strings.Repeat("q", 10)
	d, _ := json.Marshal(&o)
	sink(d) // want `at most \d+`
}

func s2n(s string) int { return len(s) }

// An encoder writes what Marshal makes, and a newline.
func Encoded(r *http.Request, n int) {
	var b strings.Builder
	_ = json.NewEncoder(&b).Encode(inner{Code: "abc", N: n})
	sink(b.String()) // want `at most \d+`
	var c strings.Builder
	_ = json.NewEncoder(&c).Encode(map[string]string{"a": "b"})
	sink(c.String()) // want `unbounded`
	var d strings.Builder
	enc := json.NewEncoder(&d)
	enc.SetIndent("", "\t")
	_ = enc.Encode(inner{Code: "abc", N: n})
	sink(d.String()) // want `not known`
}
