package pagewatchc

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"os"
	"strings"
)

// tokenTransport adds the push service's token and base address.
type tokenTransport struct {
	token string
	base  *url.URL
	next  http.RoundTripper
}

func (t *tokenTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req.Header.Set("Access-Token", t.token)
	req.Header.Set("Content-Type", "application/json")
	req.URL = t.base.ResolveReference(req.URL)
	return t.next.RoundTrip(req)
}

func pushNotifier(hc *http.Client) func(ctx context.Context, title string, fresh []string) error {
	return func(ctx context.Context, title string, fresh []string) error {
		body, err := json.Marshal(map[string]any{"type": "note", "title": title, "body": strings.Join(fresh, ", ")})
		if err != nil {
			return err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "/v2/pushes", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("push service answered %d", resp.StatusCode)
		}
		return nil
	}
}

// Serve is the custom handler: the Functions host posts to /timer on the
// schedule.
func Serve(scrape func(ctx context.Context, w Watch) ([]string, error)) error {
	watches, err := watchesFromEnv()
	if err != nil {
		return err
	}
	svc, err := tableService()
	if err != nil {
		return err
	}
	base, err := url.Parse("https://api.pushbullet.com/")
	if err != nil {
		return err
	}
	hc := &http.Client{Transport: &tokenTransport{token: os.Getenv("WATCH_PUSH_TOKEN"), base: base, next: http.DefaultTransport}}
	r := &Runner{svc: svc, watches: watches, scrape: scrape, notify: pushNotifier(hc), ledger: os.Getenv("WATCH_LEDGER") == "1"}

	port := os.Getenv("FUNCTIONS_CUSTOMHANDLER_PORT")
	if port == "" {
		port = "8080"
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/timer", func(w http.ResponseWriter, req *http.Request) {
		r.Tick(req.Context())
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte("{}"))
	})
	log.Printf("listening on :%s", port)
	return http.ListenAndServe(":"+port, mux)
}
