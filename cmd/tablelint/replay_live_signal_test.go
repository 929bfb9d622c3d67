//go:build unix

package main

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// TestReplayLiveSignals sends SIGINT, SIGTERM and SIGHUP to a live
// replay whose service (a fake on 127.0.0.1) stops answering after the
// table is created: each exits 130 with one line, the scratch table is
// deleted and no temporary results file is left.
func TestReplayLiveSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildTablelint(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		var hanging atomic.Int64
		var mu sync.Mutex
		var deleted []string
		stop := make(chan struct{})
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			switch {
			case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/Tables"):
				w.WriteHeader(http.StatusNoContent)
			case r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/Tables"):
				w.Write([]byte(`{"value":[]}`))
			case r.Method == http.MethodDelete:
				mu.Lock()
				deleted = append(deleted, r.URL.Path)
				mu.Unlock()
				w.WriteHeader(http.StatusNoContent)
			default:
				hanging.Add(1)
				select {
				case <-r.Context().Done():
				case <-stop:
				}
			}
		}))
		dir := t.TempDir()
		cmd := exec.Command(bin, "replay", "--trace", mustAbs(t, replaySmall), "--target", srv.URL+"/devstoreaccount1", "--results", filepath.Join(dir, "r.jsonl"))
		cmd.Env = append(os.Environ(), "AZURE_STORAGE_CONNECTION_STRING=UseDevelopmentStorage=true")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(60 * time.Second); hanging.Load() == 0; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%v: the replay never reached the service: %s", sig, stderr.String())
			}
		}
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		var err error
		select {
		case err = <-done:
		case <-time.After(60 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("%v: the replay did not stop", sig)
		}
		close(stop)
		srv.Close()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 130 {
			t.Errorf("%v: %v, want exit 130; stderr %q", sig, err, stderr.String())
		}
		if stderr.String() != "tablelint: replay interrupted; no output written\n" || stdout.Len() != 0 {
			t.Errorf("%v: stdout %q stderr %q", sig, stdout.String(), stderr.String())
		}
		mu.Lock()
		if len(deleted) == 0 {
			t.Errorf("%v: the scratch table was not deleted", sig)
		}
		mu.Unlock()
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("%v: files left: %v", sig, entries)
		}
	}
}
