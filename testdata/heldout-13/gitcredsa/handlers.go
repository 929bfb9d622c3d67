package gitcredsa

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
)

var generatedToken = func() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}()

func serviceToken() string {
	if t := os.Getenv("GIT_SERVICE_TOKEN"); t != "" {
		return t
	}
	return generatedToken
}

// userDoc is the JSON:API-shaped body of PUT /api/credentials.
type userDoc struct {
	Data struct {
		ID         string `json:"id"`
		Attributes struct {
			Password string `json:"password"`
		} `json:"attributes"`
	} `json:"data"`
}

// PutUser stores the user in the body; callers present the service token.
func PutUser(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("X_MOCKGIT_SERVICE_API_KEY") != serviceToken() {
		http.Error(w, "Unauthorized", http.StatusUnauthorized)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "failed to read request body", http.StatusBadRequest)
		return
	}
	var doc userDoc
	if err := json.Unmarshal(body, &doc); err != nil {
		http.Error(w, "failed to parse request body", http.StatusBadRequest)
		return
	}
	if err := StoreUser(doc.Data.ID, doc.Data.Attributes.Password); err != nil {
		http.Error(w, "failed to persist credentials", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

var userPattern = regexp.MustCompile(`^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?$`)

func validUser(name string) bool {
	return userPattern.MatchString(name) && len(name) >= 3 && len(name) <= 36
}

func basicCredentials(header string) (string, string, error) {
	rest, ok := strings.CutPrefix(header, "Basic ")
	if !ok {
		return "", "", errors.New("invalid authorization header")
	}
	raw, err := base64.StdEncoding.DecodeString(rest)
	if err != nil {
		return "", "", err
	}
	name, password, ok := strings.Cut(string(raw), ":")
	if !ok {
		return "", "", errors.New("invalid authorization header")
	}
	return name, password, nil
}

// GitGate authenticates a Git HTTP request before it reaches the backend;
// known tells the backend whether the user's repository copy exists.
func GitGate(w http.ResponseWriter, r *http.Request) (name string, known bool, ok bool) {
	if r.Header.Get("Authorization") == "" {
		w.Header().Set("WWW-Authenticate", `Basic realm="Git Repository"`)
		http.Error(w, "Authorization required", http.StatusUnauthorized)
		return "", false, false
	}
	name, password, err := basicCredentials(r.Header.Get("Authorization"))
	if err != nil {
		http.Error(w, "failed to extract username and password", http.StatusInternalServerError)
		return "", false, false
	}
	if !validUser(name) {
		http.Error(w, "usernames must be alphanumeric chars and dashes", http.StatusBadRequest)
		return "", false, false
	}
	known, err = CheckUser(name, password)
	if err != nil {
		http.Error(w, "failed to test for user in database", http.StatusInternalServerError)
		return "", false, false
	}
	return name, known, true
}
