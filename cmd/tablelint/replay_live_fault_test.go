package main

import (
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dropServer closes every connection it accepts (a dead proxy).
func dropServer(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, _, err := w.(http.Hijacker).Hijack(); err == nil {
			c.Close()
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestReplayLiveRedactsCredentials: with the endpoint unreachable (a
// closed port, a proxy that drops connections), nothing tablelint
// prints, nor the results file, holds the SAS signature or the account
// key, whole or in part, plain or URL-encoded.
func TestReplayLiveRedactsCredentials(t *testing.T) {
	const sig = "c2VjcmV0U0lHbmF0dXJlK3dpdGgvc2xhc2g9"
	const key = "QWNjb3VudEtleVNlY3JldEtleVNlY3JldEtleVNlY3JldA=="
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	closed := "http://" + l.Addr().String()
	l.Close()
	for _, conn := range []string{
		"SharedAccessSignature=sv=2022-11-02&ss=t&srt=sco&sp=rwdlacu&se=2099-01-01T00:00:00Z&sig=" + url.QueryEscape(sig),
		"SharedAccessSignature=?sv=2022-11-02&sig=" + sig,
		"AccountName=acct;AccountKey=" + key,
	} {
		for _, target := range []string{closed + "/acct", dropServer(t) + "/acct", dropServer(t) + "/acct?sig=" + url.QueryEscape(sig)} {
			t.Setenv("AZURE_STORAGE_CONNECTION_STRING", conn)
			results := filepath.Join(t.TempDir(), "r.jsonl")
			code, out, errs := replayCmd(t, "replay", "--trace", replaySmall, "--target", target, "--results", results, "--timeout", "3s")
			res, _ := os.ReadFile(results)
			all := out + errs + string(res)
			for _, secret := range []string{sig, url.QueryEscape(sig), key, url.QueryEscape(key), sig[:12], key[:12]} {
				if strings.Contains(all, secret) {
					t.Errorf("%s on %s: the output holds %q:\n%s", conn[:20], target, secret, all)
				}
			}
			if code != 2 || errs == "" {
				t.Errorf("%s on %s: exit %d, stderr %q; want exit 2 naming the cause", conn[:20], target, code, errs)
			}
		}
	}
}

// TestReplayLiveFlagBounds: --concurrency, --rate and --timeout beyond
// their bounds are refused in one line, before any request.
func TestReplayLiveFlagBounds(t *testing.T) {
	t.Setenv("AZURE_STORAGE_CONNECTION_STRING", "UseDevelopmentStorage=true")
	for _, tc := range []struct{ flag, value, msg string }{
		{"--concurrency", "5000000", "--concurrency 5000000 is more than"},
		{"--concurrency", "0", "--concurrency must be at least 1"},
		{"--rate", "NaN", "--rate must be a finite number"},
		{"--rate", "Inf", "--rate must be a finite number"},
		{"--rate", "1e-10", "--rate 1e-10 is less than"},
		{"--rate", "1e300", "--rate 1e+300 is more than"},
		{"--rate", "-1", "--rate must not be negative"},
		{"--timeout", "0s", "--timeout must be positive"},
		{"--timeout", "100h", "--timeout 100h0m0s is more than"},
	} {
		code, out, errs := replayCmd(t, "replay", "--trace", replaySmall, "--target", "http://127.0.0.1:1/a", tc.flag, tc.value)
		if code != 2 || !strings.Contains(errs, tc.msg) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%s %s: exit %d stdout %q stderr %q, want %q", tc.flag, tc.value, code, out, errs, tc.msg)
		}
	}
}
