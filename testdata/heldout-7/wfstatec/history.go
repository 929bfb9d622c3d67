package wfstatec

import (
	"fmt"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const historyTable = "history"

// maxDotNetTicks is DateTime.MaxValue.Ticks; ticksAtUnixEpoch the ticks of
// 1970-01-01.
const (
	maxDotNetTicks   int64 = 3155378975999999999
	ticksAtUnixEpoch int64 = 621355968000000000
)

func nowTicks() int64 {
	return time.Now().UTC().UnixNano()/100 + ticksAtUnixEpoch
}

// recordCall (added) keeps one row per invocation, newest first in a
// partition per day.
func (a *App) recordCall(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rk := fmt.Sprintf("%d", maxDotNetTicks-nowTicks()) // L: TL205
	ent := a.table(historyTable).GetEntityReference(
		time.Now().UTC().Format("20060102"), // L: TL209
		rk,
	)
	ent.Properties = map[string]interface{}{
		"Method":    r.Method,
		"ElapsedMs": time.Since(start).Milliseconds(), // S
	}
	if err := ent.Insert(storage.NoMetadata, nil); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// recordCallSorted (added) is the same history in the workflow's partition
// with a fixed-width newest-first key.
func (a *App) recordCallSorted(w http.ResponseWriter, r *http.Request) {
	rk := fmt.Sprintf("%019d", maxDotNetTicks-nowTicks()) // S
	ent := a.table(historyTable).GetEntityReference(workflowRow, rk)
	ent.Properties = map[string]interface{}{"Method": r.Method}
	if err := ent.Insert(storage.NoMetadata, nil); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
