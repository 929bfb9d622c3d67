package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/tablelint/tablelint/engine/exec"
	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/engine/workload"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/rules"
)

func init() {
	register(&command{
		name:    "replay",
		usage:   "replay [flags] [DESIGN] [--trace FILE]",
		summary: "replay a workload (a design's volumes or a recorded trace) on the reference engine: scan cost, pages, partitions, hot partitions",
		run:     runReplay,
	})
}

// loadDesignWorkload turns a design file into a workload specification.
// It is set by the file that wires the design model in; without it,
// replay takes traces only.
var loadDesignWorkload func(path string) (*workload.Spec, error)

// replayFlags are replay's own flags.
type replayFlags struct {
	trace         string
	results       string
	svg           string
	duration      time.Duration
	seed          int64
	partitionRate float64
	accountRate   float64
	scanRate      float64
	top           int
	maxTrace      int64
	progress      bool
}

// progressThreshold is the trace size (bytes) or generated workload size
// (operations × 100) from which replay shows a progress bar.
const progressThreshold = 32 << 20

func runReplay(e *env, args []string) int {
	var cf commonFlags
	var rf replayFlags
	fs := newFlagSet(e, commands["replay"], &cf)
	fs.StringVar(&rf.trace, "trace", "", "replay this trace (JSON Lines, contract §4; - for stdin) instead of a design's workload")
	fs.StringVar(&rf.results, "results", "", "write one JSON line per operation (status, keys, cost) to this file")
	fs.StringVar(&rf.svg, "svg", "", "write a heat map of partition load over time to this SVG file")
	fs.DurationVar(&rf.duration, "duration", time.Minute, "length of the workload: operations without \"t\" are spread evenly over it; a design's workload runs this long")
	fs.Int64Var(&rf.seed, "seed", 1, "seed of a design's generated workload (the same seed gives the same workload)")
	fs.Float64Var(&rf.partitionRate, "partition-rate", replay.DefaultPartitionRate, "throughput target of one partition, entities a second (default: the config's, else the published target of 2,000)")
	fs.Float64Var(&rf.accountRate, "account-rate", replay.DefaultAccountRate, "throughput target of the account, requests a second (default: the config's, else the published target of 20,000)")
	fs.Float64Var(&rf.scanRate, "scan-rate", 0, "entities a second the simulated server examines; with it a query page ends after 5 s of scanning, as the service's do (0: no time limit)")
	fs.IntVar(&rf.top, "top", 10, "number of hottest partitions to show")
	fs.Int64Var(&rf.maxTrace, "max-trace-bytes", 8<<30, "refuse traces larger than this many bytes")
	fs.BoolVar(&rf.progress, "progress", true, "show a progress bar on stderr for long replays (only when stderr is a terminal)")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	pl, code := startPipeline(e, &cf, rules.Replay)
	if pl == nil {
		return code
	}
	// The throughput targets come from the configuration unless given as
	// flags.
	tp := pl.Config().Throughput
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["partition-rate"] && tp.PartitionEntitiesPerSecond > 0 {
		rf.partitionRate = tp.PartitionEntitiesPerSecond
	}
	if !set["account-rate"] && tp.AccountTransactionsPerSecond > 0 {
		rf.accountRate = tp.AccountTransactionsPerSecond
	}
	switch {
	case rf.duration <= 0:
		return fail(e, usageError{"--duration must be positive"})
	case rf.partitionRate <= 0 || rf.accountRate <= 0:
		return fail(e, usageError{"--partition-rate and --account-rate must be positive"})
	case rf.scanRate < 0:
		return fail(e, usageError{"--scan-rate must not be negative"})
	case rf.top < 1:
		return fail(e, usageError{"--top must be at least 1"})
	case rf.trace == "" && len(pos) != 1:
		return fail(e, usageError{"replay takes one design file, or --trace FILE"})
	case rf.trace != "" && len(pos) != 0:
		return fail(e, usageError{"replay takes a design file or --trace FILE, not both"})
	}

	opts := replay.Options{
		Duration:      rf.duration.Seconds(),
		PartitionRate: rf.partitionRate,
		AccountRate:   rf.accountRate,
		TopN:          rf.top,
	}
	var src replay.Source
	var file string
	var size int64
	var bytesRead func() int64
	if rf.trace != "" {
		in := e.stdin
		file = rf.trace
		if rf.trace != "-" {
			f, err := os.Open(replayPath(e, rf.trace))
			if err != nil {
				return fail(e, err)
			}
			defer f.Close()
			if fi, err := f.Stat(); err == nil {
				size = fi.Size()
				if size > rf.maxTrace {
					return fail(e, fmt.Errorf("%s: trace is %d bytes, larger than --max-trace-bytes %d", rf.trace, size, rf.maxTrace))
				}
			}
			in = f
		} else {
			file = "<stdin>"
		}
		r := replay.NewReader(in, file)
		r.MaxBytes = rf.maxTrace
		src, bytesRead = r, r.BytesRead
	} else {
		file = pos[0]
		if loadDesignWorkload == nil {
			return fail(e, usageError{"design-derived workloads need the design model, which this build does not include; record a trace and use --trace FILE"})
		}
		spec, err := loadDesignWorkload(replayPath(e, file))
		if err != nil {
			return fail(e, err)
		}
		w, err := workload.Generate(spec, workload.Options{Seed: rf.seed, Duration: rf.duration.Seconds()})
		if err != nil {
			return fail(e, err)
		}
		src, opts.Setup = w, w.Setup()
		size = int64(w.Len()) * 100
		ops := 0
		bytesRead = func() int64 { return int64(ops) * 100 }
		opts.Progress = func(n int) { ops = n }
	}

	if rf.results != "" {
		f, err := os.Create(replayPath(e, rf.results))
		if err != nil {
			return fail(e, err)
		}
		defer f.Close()
		opts.Results = f
	}
	if rf.progress && e.stderrTerminal && size >= progressThreshold {
		bar := progressbar.NewOptions64(size,
			progressbar.OptionSetWriter(e.stderr),
			progressbar.OptionSetDescription("replay"),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionShowBytes(rf.trace != ""),
			progressbar.OptionClearOnFinish(),
		)
		prev := opts.Progress
		opts.Progress = func(n int) {
			if prev != nil {
				prev(n)
			}
			_ = bar.Set64(bytesRead())
		}
		defer func() { _ = bar.Finish() }()
	}

	eng := replay.NewEngine(replay.EngineOptions{Keys: opts.Results != nil, Exec: exec.Options{ScanRate: rf.scanRate}})
	rep, err := replay.Run(src, eng, opts)
	if err != nil {
		return fail(e, err)
	}
	if opts.Results != nil {
		if err := opts.Results.(*os.File).Close(); err != nil {
			return fail(e, err)
		}
	}
	if rf.svg != "" {
		f, err := os.Create(replayPath(e, rf.svg))
		if err != nil {
			return fail(e, err)
		}
		werr := rep.WriteSVG(f, filepath.Base(file))
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return fail(e, werr)
		}
	}

	fds := rep.Findings(file)
	summary, queries, partitions := rep.JSON(rf.top)
	res := report.Result{
		Findings: fds,
		Extra: []report.Field{
			{Name: "replay", Value: summary},
			{Name: "queries", Value: queries},
			{Name: "partitions", Value: partitions},
		},
		Text: func(w io.Writer) error { return rep.WriteText(w, rf.top) },
	}
	return pl.finish(res)
}

// path resolves a path relative to the command's working directory.
func replayPath(e *env, p string) string {
	if filepath.IsAbs(p) || e.dir == "" {
		return p
	}
	return filepath.Join(e.dir, p)
}
