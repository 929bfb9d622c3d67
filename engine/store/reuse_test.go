package store

import (
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/tablelint/tablelint/edm"
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

// TestCompactOrder: after Compact the encodings lie in key order, and
// every entity reads back as it was, by key and by scan, entities handed
// out before included.
func TestCompactOrder(t *testing.T) {
	s := New(Options{})
	tb, err := s.CreateTable("Compacted")
	if err != nil {
		t.Fatal(err)
	}
	const n = 20_000
	for i := range n {
		j := (i * 7919) % n // not in key order
		e, err := MakeEntity(fmt.Sprintf("p%02d", j%37), fmt.Sprintf("r%06d", j), edm.Property{Name: "V", Value: edm.Int64Value(int64(j))})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Insert(e); err != nil {
			t.Fatal(err)
		}
	}
	before := tb.Lookup("p05", "r000005")
	tb.Compact()
	var prev uint64
	k := 0
	tb.mu.RLock()
	tb.ascend("", "", func(_ *partition, i uint32) bool {
		if l := tb.recs[i].loc(); k > 0 && l <= prev {
			t.Errorf("entity %d of the scan is encoded at %#x, before the previous one (%#x)", k, l, prev)
			return false
		} else {
			prev = l
		}
		k++
		return true
	})
	tb.mu.RUnlock()
	if k != n {
		t.Fatalf("scanned %d entities, want %d", k, n)
	}
	for j := range n {
		e := tb.Lookup(fmt.Sprintf("p%02d", j%37), fmt.Sprintf("r%06d", j))
		if v, ok := e.Get("V"); e == nil || !ok || v.Int != int64(j) {
			t.Fatalf("entity %d after Compact: %v", j, e)
		}
	}
	if v, _ := before.Get("V"); v.Int != 5 || before.RowKey != "r000005" {
		t.Errorf("an entity handed out before Compact changed: %v", before)
	}
}
