package planvaultc

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/google/uuid"
)

// planRequest is the body of POST /plan.
type planRequest struct {
	SpaceID       string `json:"space_id"`
	Configuration string `json:"configuration"`
}

// applyRequest is the body of POST /apply.
type applyRequest struct {
	PlanID string `json:"plan_id"`
}

// Tool runs the Terraform binary in a directory; tests swap it.
var Tool func(dir string, args ...string) error

func serverHash(r *http.Request) string {
	sum := sha256.Sum256([]byte(r.Header.Get("X-Octopus-Url")))
	return hex.EncodeToString(sum[:])
}

// pack gzips a file's bytes and base64-encodes them for a String property.
func pack(data []byte) (string, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := zw.Write(data); err != nil {
		return "", err
	}
	if err := zw.Close(); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}

// PlanHandler makes a plan from the posted configuration and keeps it.
func PlanHandler(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	var req planRequest
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	if strings.TrimSpace(req.SpaceID) == "" {
		http.Error(w, "space_id is required", http.StatusBadRequest)
		return
	}
	dir, err := os.MkdirTemp("", "plan")
	if err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(req.Configuration), 0o644); err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	if err := Tool(dir, "init"); err != nil {
		http.Error(w, "init failed", http.StatusInternalServerError)
		return
	}
	lockBytes, err := os.ReadFile(filepath.Join(dir, ".terraform.lock.hcl"))
	if err != nil {
		http.Error(w, "no lock file", http.StatusInternalServerError)
		return
	}
	if err := Tool(dir, "plan", "-out", "tfplan", "-var=space_id="+req.SpaceID); err != nil {
		http.Error(w, "plan failed", http.StatusInternalServerError)
		return
	}
	planBytes, err := os.ReadFile(filepath.Join(dir, "tfplan"))
	if err != nil {
		http.Error(w, "no plan", http.StatusInternalServerError)
		return
	}
	plan, err := pack(planBytes)
	if err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	lock, err := pack(lockBytes)
	if err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	id := uuid.New().String()
	if err := keepPlan(r.Context(), id, serverHash(r), req.SpaceID, plan, lock, req.Configuration); err != nil {
		http.Error(w, "failed to keep plan", http.StatusInternalServerError)
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]string{"id": id, "space_id": req.SpaceID})
}

// ApplyHandler runs a plan kept by PlanHandler and then forgets it.
func ApplyHandler(w http.ResponseWriter, r *http.Request) {
	var req applyRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	owner := serverHash(r)
	stored, err := loadPlan(r.Context(), owner, req.PlanID)
	if err != nil {
		http.Error(w, "no such plan", http.StatusNotFound)
		return
	}
	dir, err := os.MkdirTemp("", "apply")
	if err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(stored.Configuration), 0o644); err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	if err := Tool(dir, "apply", "-auto-approve", "tfplan"); err != nil {
		http.Error(w, "apply failed", http.StatusInternalServerError)
		return
	}
	// A failed delete is left to the sweep.
	_ = dropPlan(r.Context(), planRef{Partition: owner, Row: req.PlanID})
	w.WriteHeader(http.StatusCreated)
}

// A timer calls SweepHandler to remove plans nobody applied.
func SweepHandler(w http.ResponseWriter, r *http.Request) {
	if err := sweepPlans(r.Context()); err != nil {
		http.Error(w, "failed to remove old plans", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}
