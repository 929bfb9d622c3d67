package tablerest

import (
	"net/url"
	"testing"
)

// FuzzParseURL reads arbitrary URLs: no panic, and a URL that names an
// entity gives back keys that name it again.
func FuzzParseURL(f *testing.F) {
	for _, s := range []string{
		"https://a.table.core.windows.net/Orders(PartitionKey='a%20b',RowKey='it''s')?$select=A,B",
		"https://a.table.core.windows.net/Orders()?$filter=PartitionKey%20eq%20'x'&$top=5&NextPartitionKey=1",
		"http://127.0.0.1:10002/devstoreaccount1/Tables('T')",
		"https://a/$batch",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := url.Parse(s)
		if err != nil {
			return
		}
		tg, err := ParseURL(u)
		if err != nil || !tg.HasKeys {
			return
		}
		q := func(k string) string {
			b := []byte{'\''}
			for i := 0; i < len(k); i++ {
				if k[i] == '\'' {
					b = append(b, '\'')
				}
				b = append(b, k[i])
			}
			return string(append(b, '\''))
		}
		u2 := &url.URL{Scheme: "https", Host: "a", Path: "/" + tg.Table + "(PartitionKey=" + q(tg.PK) + ",RowKey=" + q(tg.RK) + ")"}
		back, err := ParseURL(u2)
		if tg.Table != "" && (err != nil || back.PK != tg.PK || back.RK != tg.RK) {
			t.Fatalf("%s: keys %q %q, re-read from %s as %q %q (%v)", s, tg.PK, tg.RK, u2, back.PK, back.RK, err)
		}
	})
}
