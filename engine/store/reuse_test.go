package store

import (
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/tablelint/tablelint/internal/limits"
)

// TestTableReuseDelay checks that a deleted table's name cannot be created
// again within limits.TableReuseDelay, ignoring case, and can after it.
func TestTableReuseDelay(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s := New(Options{Clock: func() time.Time { return now }})
	if _, err := s.CreateTable("Sessions"); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteTable("Sessions"); err != nil {
		t.Fatal(err)
	}
	wantCode := func(name string, status int, code string) {
		t.Helper()
		_, err := s.CreateTable(name)
		if got := StatusOf(OpCreateTable, err); got != status {
			t.Fatalf("CreateTable(%q) at +%v: status %d (%v), want %d", name, now.Sub(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)), got, err, status)
		}
		var e *Error
		if code != "" && (!errors.As(err, &e) || e.Code != code) {
			t.Fatalf("CreateTable(%q): %v, want code %s", name, err, code)
		}
	}
	wantCode("Sessions", http.StatusConflict, CodeTableBeingDeleted)
	now = now.Add(limits.TableReuseDelay - time.Millisecond)
	wantCode("SESSIONS", http.StatusConflict, CodeTableBeingDeleted)
	wantCode("Other", http.StatusCreated, "")
	now = now.Add(time.Millisecond)
	wantCode("sessions", http.StatusCreated, "")
	// The new table exists: the usual conflict, then no delay left over.
	wantCode("Sessions", http.StatusConflict, CodeTableAlreadyExists)

	// Deleting an absent table records nothing.
	if err := s.DeleteTable("Missing"); StatusOf(OpDeleteTable, err) != http.StatusNotFound {
		t.Fatalf("DeleteTable(Missing): %v", err)
	}
	wantCode("Missing", http.StatusCreated, "")

	// ForgetDeleted lifts the delay.
	if err := s.DeleteTable("Other"); err != nil {
		t.Fatal(err)
	}
	wantCode("Other", http.StatusConflict, CodeTableBeingDeleted)
	s.ForgetDeleted("OTHER")
	wantCode("Other", http.StatusCreated, "")
}
