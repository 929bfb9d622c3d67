package digests

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

func sink(s string) {}

// bucketOf hashes a name into fixed-length hex text.
func bucketOf(name string) string {
	sum := sha256.Sum256([]byte(name))
	return hex.EncodeToString(sum[:])
}

func probe(name string, raw []byte) {
	sink(bucketOf(name))          // want `^\{param0:name/hex/lencheck\}$`
	sink(hex.EncodeToString(raw)) // want `^\{param1:raw/hex\}$`
	sink(bucketOf("fixed"))       // want `^\{\?/hex/lencheck\}$`
	sink(fmt.Sprintf("%x", name)) // want `.`
}
