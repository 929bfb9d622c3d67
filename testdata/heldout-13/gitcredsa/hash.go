package gitcredsa

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// hashPassword stands in for the source's Argon2id encoding (the module has
// no x/crypto): "$kdf$<salt>$<hash>", both base64 without padding.
func hashPassword(password string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("salt: %w", err)
	}
	sum := derive(salt, password)
	return "$kdf$" + base64.RawStdEncoding.EncodeToString(salt) + "$" +
		base64.RawStdEncoding.EncodeToString(sum), nil
}

func verifyPassword(encoded, password string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 4 || parts[1] != "kdf" {
		return false, errors.New("unknown hash format")
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[2])
	if err != nil {
		return false, err
	}
	want, err := base64.RawStdEncoding.DecodeString(parts[3])
	if err != nil {
		return false, err
	}
	return subtle.ConstantTimeCompare(want, derive(salt, password)) == 1, nil
}

func derive(salt []byte, password string) []byte {
	h := sha256.New()
	h.Write(salt)
	h.Write([]byte(password))
	for i := 0; i < 4096; i++ {
		h.Write(h.Sum(nil))
	}
	return h.Sum(nil)
}
