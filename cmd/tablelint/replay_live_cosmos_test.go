package main

import (
	"strings"
	"testing"
)

// TestReplayLiveCosmosColumns: on a Cosmos DB endpoint the live report
// shows the engine's request units per call beside the measured
// x-ms-request-charge; on another endpoint its columns are unchanged.
func TestReplayLiveCosmosColumns(t *testing.T) {
	measured, predicted := 3.5, 2.0
	q := liveQuery{Table: "Orders", Name: "byStatus", Calls: 2, RequestCharge: &measured,
		Engine: &engineQuery{Plan: "table-scan", Pages: 1, Scanned: 4, Returned: 2, RequestUnits: &predicted}}
	o := liveOutput{Target: "https://contoso.table.cosmos.azure.com", Trace: "t.jsonl", Operations: 2, Queries: []liveQuery{q}, cosmos: true}
	var b strings.Builder
	o.writeText(&b)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	header, row := strings.Fields(lines[len(lines)-2]), strings.Fields(lines[len(lines)-1])
	if header[len(header)-1] != "RU/call" || strings.Count(lines[len(lines)-2], "RU/call") != 2 {
		t.Errorf("header %q", lines[len(lines)-2])
	}
	if row[len(row)-1] != "2.00" || !strings.Contains(lines[len(lines)-1], "3.50") {
		t.Errorf("row %q", lines[len(lines)-1])
	}

	q.Engine.RequestUnits = nil
	o = liveOutput{Target: "http://127.0.0.1:10002/devstoreaccount1", Trace: "t.jsonl", Operations: 2, Queries: []liveQuery{q}}
	b.Reset()
	o.writeText(&b)
	if strings.Count(b.String(), "RU/call") != 1 {
		t.Errorf("storage endpoint:\n%s", b.String())
	}
}
