package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/tablelint/tablelint/engine/exec"
	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/engine/workload"
	"github.com/tablelint/tablelint/internal/config"
	"github.com/tablelint/tablelint/internal/cost"
	"github.com/tablelint/tablelint/internal/outfile"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/internal/tracefmt"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/replayout"
	"github.com/tablelint/tablelint/review"
)

func init() {
	register(&command{
		name:    "replay",
		usage:   "replay [flags] [DESIGN] [--trace FILE]",
		summary: "replay a workload (a design's volumes or a recorded trace) on the reference engine: scan cost, pages, partitions, hot partitions",
		run:     runReplay,
	})
}

// designLoad is a design's workload and the typical size of each of its
// entity types (by table, then entity, as in the spec).
type designLoad struct {
	spec        *workload.Spec
	entityBytes [][]int64
	predicted   map[string]replay.Prediction
	// cosmos is how a design with target: cosmos replays; nil for
	// target: storage.
	cosmos *replay.CosmosOptions
}

// Memory estimate of a design replay, calibrated on
// BenchmarkPreloadBytesPerEntity (372 bytes held per preloaded entity of
// 242 bytes, docs/benchmarks.md) with a margin: each entity costs its own
// size twice plus entityOverhead, each generated operation eventBytes.
const (
	entityOverhead = 256
	eventBytes     = 48
)

// estimateMemory returns the bytes a replay of the design over duration
// seconds is expected to hold at its peak, and the entities it preloads
// or writes, as floats (the volumes may be far beyond int64 products).
// loaded holds the entities preloaded of each entity type (by table,
// then entity, as in the spec); nil counts none, for an estimate before
// the workload is generated.
func estimateMemory(dl *designLoad, duration float64, loaded [][]int64) (bytes, entities float64) {
	for ti, t := range dl.spec.Tables {
		for ei, e := range t.Entities {
			n := e.Writes * duration
			if loaded != nil {
				n += float64(loaded[ti][ei])
			}
			entities += n
			bytes += n*(2*float64(dl.entityBytes[ti][ei])+entityOverhead) + e.Writes*duration*eventBytes
		}
		for _, q := range t.Queries {
			bytes += q.Rate * duration * eventBytes
		}
	}
	return bytes, entities
}

// parseBytes parses a size such as 4GiB, 512MiB, 100KiB or 1000000
// (bytes), refusing negatives, overflow and unknown units.
func parseBytes(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 || n > math.MaxInt64/mult {
		return 0, fmt.Errorf("%q is not a size: want a whole number of bytes, KiB, MiB, GiB or TiB, such as 8GiB", s)
	}
	return n * mult, nil
}

// sizeText formats bytes as GiB or MiB with one decimal.
func sizeText(b float64) string {
	if b >= 1<<30 {
		return strconv.FormatFloat(b/(1<<30), 'f', 1, 64) + " GiB"
	}
	return strconv.FormatFloat(b/(1<<20), 'f', 1, 64) + " MiB"
}

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
	maxMemory     string
	progress      bool
	ruPerSecond   float64
}

// progressThreshold is the trace size (bytes) or generated workload size
// (operations × 100) from which replay shows a progress bar.
const progressThreshold = 32 << 20

func runReplay(e *env, args []string) int {
	if wantsLiveReplay(args) { // --target URL: replay_live.go
		return replayLive(e, args)
	}
	var cf commonFlags
	var rf replayFlags
	fs := newFlagSet(e, commands["replay"], &cf)
	fs.StringVar(&rf.trace, "trace", "", "replay this trace (JSON Lines, one operation a line, as docs/replay.md describes; - for stdin) instead of a design's workload")
	fs.StringVar(&rf.results, "results", "", "write one JSON line per operation (status, keys, cost) to this file (- for stdout; the report then goes to stderr)")
	fs.StringVar(&rf.svg, "svg", "", "write a heat map of partition load over time to this SVG file")
	fs.DurationVar(&rf.duration, "duration", time.Minute, "length of the workload: operations without \"t\" are spread evenly over it; a design's workload runs this long")
	fs.Int64Var(&rf.seed, "seed", 1, "seed of a design's generated workload (the same seed gives the same workload)")
	fs.Float64Var(&rf.partitionRate, "partition-rate", replay.DefaultPartitionRate, "throughput target of one partition, entities a second (default: the config's, else the published target of 2,000)")
	fs.Float64Var(&rf.accountRate, "account-rate", replay.DefaultAccountRate, "throughput target of the account, requests a second (default: the config's, else the published target of 20,000)")
	fs.Float64Var(&rf.scanRate, "scan-rate", 0, "entities a second the simulated server examines; with it a query page ends after 5 s of scanning, as the service's do (0: no time limit)")
	fs.IntVar(&rf.top, "top", 10, "number of hottest partitions to show")
	fs.Int64Var(&rf.maxTrace, "max-trace-bytes", 8<<30, "refuse traces larger than this many bytes")
	fs.StringVar(&rf.maxMemory, "max-memory", "4GiB", "refuse a design replay expected to hold more memory than this (KiB, MiB, GiB)")
	fs.Float64Var(&rf.ruPerSecond, "ru-per-second", 0, "Cosmos DB (target: cosmos): the provisioned RU/s the operations are held against, answered 429 over it (default: the design's throughput:; none for a trace)")
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
	for _, r := range []struct {
		name      string
		v         float64
		zeroValid bool
	}{{"--partition-rate", rf.partitionRate, false}, {"--account-rate", rf.accountRate, false}, {"--scan-rate", rf.scanRate, true}, {"--ru-per-second", rf.ruPerSecond, !set["ru-per-second"]}} {
		if err := checkRate(r.name, r.v, r.zeroValid); err != nil {
			return fail(e, err)
		}
	}
	switch {
	case rf.duration <= 0:
		return fail(e, usageError{"--duration must be positive"})
	case rf.maxTrace < 0:
		return fail(e, usageError{"--max-trace-bytes must not be negative"})
	case rf.top < 1:
		return fail(e, usageError{"--top must be at least 1"})
	case rf.trace == "" && len(pos) != 1:
		return fail(e, usageError{"replay takes one design file, or --trace FILE"})
	case rf.trace != "" && len(pos) != 0:
		return fail(e, usageError{"replay takes a design file or --trace FILE, not both"})
	}

	prices := configPrices(pl.Config().Prices)
	opts := replay.Options{
		Duration:      rf.duration.Seconds(),
		PartitionRate: rf.partitionRate,
		AccountRate:   rf.accountRate,
		TopN:          rf.top,
		PricePer10k:   prices.PerTenThousandTransactions,
		Currency:      prices.Currency,
	}
	// SIGINT, SIGTERM and SIGHUP stop the replay cleanly: one line, no
	// output.
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
	defer stop()
	interrupted := func() int {
		fmt.Fprintln(e.stderr, "tablelint: replay interrupted; no output written")
		return 130
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
				return pl.abort(file, err)
			}
			defer f.Close()
			if fi, err := f.Stat(); err == nil {
				size = fi.Size()
				if size > rf.maxTrace {
					return pl.abort(file, fmt.Errorf("%s: trace is %d bytes, larger than --max-trace-bytes %d", rf.trace, size, rf.maxTrace))
				}
			}
			in = f
		} else {
			file = "<stdin>"
		}
		r := tracefmt.NewReader(in, file)
		r.MaxBytes = rf.maxTrace
		src, bytesRead = r, r.BytesRead
	} else {
		file = pos[0]
		maxMemory, err := parseBytes(rf.maxMemory)
		if err != nil {
			return fail(e, usageError{"--max-memory: " + err.Error()})
		}
		dl, err := loadDesignWorkload(replayPath(e, file))
		if err != nil {
			return pl.abort(file, err)
		}
		tooBig := func(loaded [][]int64) error {
			if need, n := estimateMemory(dl, rf.duration.Seconds(), loaded); need > float64(maxMemory) {
				return fmt.Errorf("%s: replaying this design over %s needs about %s for %s entities, more than --max-memory %s; raise --max-memory, shorten --duration or lower the design's counts and rates",
					file, rf.duration, sizeText(need), strconv.FormatFloat(n, 'g', 4, 64), rf.maxMemory)
			}
			return nil
		}
		// The writes and queries first, before generating them; then the
		// entities preloaded, once the partitions the workload reaches
		// are known.
		if err := tooBig(nil); err != nil {
			return fail(e, err)
		}
		spec := dl.spec
		w, err := workload.Generate(spec, workload.Options{Seed: rf.seed, Duration: rf.duration.Seconds()})
		if err != nil {
			return pl.abort(file, err)
		}
		if err := tooBig(w.PreloadCounts()); err != nil {
			return fail(e, err)
		}
		if ctx.Err() != nil {
			return interrupted()
		}
		src, opts.Setup, opts.Generated, opts.Predicted, opts.Cosmos = w, w.Setup(), true, dl.predicted, dl.cosmos
		size = int64(w.Len()) * 100
		ops := 0
		bytesRead = func() int64 { return int64(ops) * 100 }
		opts.Progress = func(n int) { ops = n }
	}

	// Outputs: never an input, never each other; each written to a
	// temporary file beside its target and renamed into place only when
	// the replay is complete, so a failed or interrupted replay leaves
	// what was there before.
	inputs := map[string]string{"the --config file": pl.Config().Path}
	if rf.trace != "" && rf.trace != "-" {
		inputs["the trace"] = replayPath(e, rf.trace)
	} else if rf.trace == "" {
		inputs["the design"] = replayPath(e, pos[0])
	}
	outputs := map[string]string{}
	if outfile.IsStdout(rf.results) {
		rf.results = "-" // /dev/stdout spelled out
	}
	if rf.results == "-" && outfile.IsStdout(rf.svg) {
		return fail(e, usageError{"--results and --svg cannot both go to stdout"})
	}
	if rf.results != "" && rf.results != "-" {
		outputs["--results"] = replayPath(e, rf.results)
	}
	if rf.svg != "" {
		outputs["--svg"] = outputPath(e, rf.svg)
	}
	if err := checkOutputs(inputs, outputs); err != nil {
		return fail(e, err)
	}
	var results, svg *outfile.File
	if p, ok := outputs["--results"]; ok {
		if results, err = outfile.Create(p, e.stdout); err != nil {
			return fail(e, fmt.Errorf("--results: %w", err))
		}
		defer results.Abort()
	}
	if p, ok := outputs["--svg"]; ok {
		if svg, err = outfile.Create(p, e.stdout); err != nil {
			return fail(e, fmt.Errorf("--svg: %w", err))
		}
		defer svg.Abort()
	}
	if rf.results == "-" || outfile.IsStdout(rf.svg) {
		// The results (or the heat map) own stdout; the report goes to
		// stderr.
		pl.e = &env{stdin: e.stdin, stdout: e.stderr, stderr: e.stderr, dir: e.dir, stdoutTerminal: e.stderrTerminal, stderrTerminal: e.stderrTerminal}
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

	// Cosmos DB for Table: the design's target, else the configuration's
	// (for a trace).
	if opts.Cosmos == nil && rf.trace != "" && pl.Config().Target == config.Cosmos {
		opts.Cosmos = &replay.CosmosOptions{Mode: "none"}
	}
	if set["ru-per-second"] {
		if opts.Cosmos == nil {
			return fail(e, usageError{"--ru-per-second applies to target: cosmos (the design's, or .tablelint.yaml's for a trace)"})
		}
		prices := cost.DefaultCosmosPrices
		t := model.Throughput{Mode: model.Provisioned, RUPerSecond: int64(math.Ceil(rf.ruPerSecond))}
		opts.Cosmos = &replay.CosmosOptions{Mode: "provisioned", RUPerSecond: rf.ruPerSecond, Currency: prices.Currency,
			Monthly: func(used float64) float64 { return review.ThroughputMonthly(prices, t, used) }}
	}
	eng := replay.NewEngine(replay.EngineOptions{Keys: rf.results != "", Exec: exec.Options{ScanRate: rf.scanRate},
		Cosmos: opts.Cosmos != nil, CosmosSeed: uint64(rf.seed)})
	opts.Context = ctx
	if rf.results == "-" {
		opts.Results = e.stdout
	} else if results != nil {
		opts.Results = results
	}
	rep, err := replay.Run(src, eng, opts)
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	if errors.Is(err, context.Canceled) {
		results.Abort()
		svg.Abort()
		return interrupted()
	}
	if err != nil {
		var te *tracefmt.Error
		if rf.trace == "" && !errors.As(err, &te) {
			err = fmt.Errorf("%s: %w", file, err)
		}
		return pl.abort(file, err)
	}
	if svg != nil {
		if err := replayout.WriteSVG(svg, rep, filepath.Base(file)); err != nil {
			results.Abort()
			return pl.abort(file, err)
		}
	}
	// Both outputs are complete: put them in place.
	for _, o := range []*outfile.File{results, svg} {
		if err := o.Commit(); err != nil {
			results.Abort()
			svg.Abort()
			return pl.abort(file, err)
		}
	}

	fds := rep.Findings(file)
	summary, queries, partitions := replayout.JSON(rep, rf.top)
	res := report.Result{
		Findings: fds,
		Extra: []report.Field{
			{Name: "replay", Value: summary},
			{Name: "queries", Value: queries},
			{Name: "partitions", Value: partitions},
		},
		Text: func(w io.Writer) error { return replayout.WriteText(w, rep, rf.top) },
	}
	return pl.finish(res)
}

// stopSignals stop a replay (offline or live) cleanly: Ctrl-C, what
// timeout(1) and CI cancellation send, and a closed terminal.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// checkRate refuses NaN, infinite, negative and (unless zeroValid) zero
// values of a rate flag, and values beyond model.MaxRate.
func checkRate(name string, v float64, zeroValid bool) error {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return usageError{fmt.Sprintf("%s must be a finite number, not %v", name, v)}
	case v < 0 || (v == 0 && !zeroValid):
		if zeroValid {
			return usageError{fmt.Sprintf("%s must not be negative", name)}
		}
		return usageError{fmt.Sprintf("%s must be positive", name)}
	case v > model.MaxRate:
		return usageError{fmt.Sprintf("%s %g is more than %g a second, beyond any storage account", name, v, float64(model.MaxRate))}
	}
	return nil
}

// path resolves a path relative to the command's working directory.
func replayPath(e *env, p string) string {
	if filepath.IsAbs(p) || e.dir == "" {
		return p
	}
	return filepath.Join(e.dir, p)
}

// outputPath is replayPath for an output flag: "-" and "/dev/stdout"
// stay as they are (standard output, see outfile.Create).
func outputPath(e *env, p string) string {
	if outfile.IsStdout(p) {
		return p
	}
	return replayPath(e, p)
}

// checkOutputs refuses an output that is the same file as an input or
// as another output, also through ".." or symbolic links. inputs and
// outputs map a name for messages ("--svg", "the trace") to a path; an
// empty path is skipped.
func checkOutputs(inputs, outputs map[string]string) error {
	names := make([]string, 0, len(outputs))
	for n := range outputs {
		names = append(names, n)
	}
	sort.Strings(names)
	inNames := make([]string, 0, len(inputs))
	for n, p := range inputs {
		if p != "" {
			inNames = append(inNames, n)
		}
	}
	sort.Strings(inNames)
	for i, n := range names {
		out := outputs[n]
		if fi, err := os.Stat(out); err == nil && fi.IsDir() {
			return usageError{fmt.Sprintf("%s %s is a directory", n, out)}
		}
		for _, in := range inNames {
			if sameFile(out, inputs[in]) {
				return usageError{fmt.Sprintf("%s %s is %s: refusing to overwrite an input", n, out, in)}
			}
		}
		for _, m := range names[i+1:] {
			if sameFile(out, outputs[m]) {
				return usageError{fmt.Sprintf("%s and %s name the same file %s", n, m, out)}
			}
		}
	}
	return nil
}

// sameFile reports whether paths a and b name one file: the same file
// when both exist, else the same path once the directories' symbolic
// links and ".." are resolved.
func sameFile(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(fa, fb)
	}
	return resolvedPath(a) == resolvedPath(b)
}

// resolvedPath returns p absolute, with its directory's symbolic links
// resolved where it exists.
func resolvedPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(dir, filepath.Base(abs))
	}
	return abs
}
