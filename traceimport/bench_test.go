package traceimport

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// benchLog repeats the valid lines of a test log to n lines.
func benchLog(b *testing.B, file string, n int) []byte {
	in, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		b.Fatal(err)
	}
	var lines [][]byte
	for _, l := range bytes.Split(in, []byte("\n")) {
		var rec record
		var perr error
		if filepath.Ext(file) == ".jsonl" {
			perr = parseMonitor(l, &rec)
		} else {
			perr = parseAnalytics(l, &rec)
		}
		if len(l) > 0 && perr == nil {
			lines = append(lines, l)
		}
	}
	var out bytes.Buffer
	for i := 0; i < n; i++ {
		out.Write(lines[i%len(lines)])
		out.WriteByte('\n')
	}
	return out.Bytes()
}

// BenchmarkImport imports 100,000 log lines; lines/s is the import rate.
func BenchmarkImport(b *testing.B) {
	for _, tc := range []struct {
		file   string
		format Format
	}{
		{"azure-monitor.jsonl", AzureMonitor},
		{"storage-analytics-2.0.log", StorageAnalytics},
	} {
		b.Run(tc.file, func(b *testing.B) {
			const n = 100_000
			log := benchLog(b, tc.file, n)
			b.SetBytes(int64(len(log)))
			cpu0 := cpuTime()
			for b.Loop() {
				sum, err := Import(bytes.NewReader(log), io.Discard, Options{Format: tc.format, File: tc.file})
				if err != nil || sum.Lines != n || sum.Bad != 0 {
					b.Fatalf("%+v %v", sum, err)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
			// Process CPU time: stable on a shared machine, where wall
			// time is not.
			b.ReportMetric(float64(n)*float64(b.N)/(cpuTime()-cpu0).Seconds(), "lines/cpu-s")
		})
	}
}

// cpuTime returns the process's CPU time, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
