package scrapelogc

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"time"
)

var pairPattern = regexp.MustCompile(`<label[^>]*>([^<]+)</label>\s*</td>\s*<td class="count">([^<]+)</td>`)

// readSummary signs in with the site's public account and reads the pairs
// of the summary table, all stamped with the same local time.
func readSummary(loginURL, pageURL string) ([]Reading, error) {
	jar, err := cookiejar.New(nil)
	if err != nil {
		return nil, err
	}
	hc := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	form := url.Values{"username": {"web"}, "password": {"web"}}
	resp, err := hc.PostForm(loginURL, form)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("login answered %d", resp.StatusCode)
	}

	resp, err = hc.Get(pageURL)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	page, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}

	stamp := time.Now().Format("2006-01-02 15:04:05")
	var out []Reading
	for _, m := range pairPattern.FindAllStringSubmatch(string(page), -1) {
		label, value := strings.TrimSpace(m[1]), strings.TrimSpace(m[2])
		if label == "" || value == "" {
			continue
		}
		out = append(out, Reading{Stamp: stamp, Label: label, Value: value})
	}
	return out, nil
}

type reply struct {
	Message string `json:"message"`
}

// fetchHandler is POST /fetch-data: read the page, store what it shows.
func fetchHandler(loginURL, pageURL string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "only POST", http.StatusMethodNotAllowed)
			return
		}
		rows, err := readSummary(loginURL, pageURL)
		if err != nil {
			log.Printf("reading summary: %v", err)
			w.WriteHeader(http.StatusInternalServerError)
			_ = json.NewEncoder(w).Encode(reply{Message: "could not read the summary"})
			return
		}
		if err := upload(r.Context(), rows); err != nil {
			log.Printf("storing readings: %v", err)
			w.WriteHeader(http.StatusInternalServerError)
			_ = json.NewEncoder(w).Encode(reply{Message: "could not store the readings"})
			return
		}
		_ = json.NewEncoder(w).Encode(reply{Message: "stored"})
	}
}
