package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azidentity"

	"github.com/tablelint/tablelint/engine/live"
	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/internal/outfile"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/tracefmt"
	"github.com/tablelint/tablelint/trace"
)

func init() {
	// Without AZURE_STORAGE_CONNECTION_STRING, sign in with Microsoft
	// Entra ID: environment, workload identity, managed identity, Azure
	// CLI, Azure Developer CLI, in that order.
	live.TokenCredential = func() (azcore.TokenCredential, error) {
		return azidentity.NewDefaultAzureCredential(nil)
	}
}

// oneLine joins the lines of an error (the SDK's are several) into one.
func oneLine(err error) error {
	msg := strings.Join(strings.Fields(strings.ReplaceAll(err.Error(), "\n", " ; ")), " ")
	return errors.New(strings.ReplaceAll(msg, "; ;", ";"))
}

// wantsLiveReplay reports whether replay's arguments ask for a live
// target (--target URL), which replayLive runs.
func wantsLiveReplay(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && name == "target" {
			return true
		}
	}
	return false
}

// replayLive runs `tablelint replay --trace FILE --target URL`.
func replayLive(e *env, args []string) int {
	c := &command{name: "replay", usage: "replay --trace FILE --target URL [flags]",
		summary: "replay a trace against a live Table endpoint (Azurite, Azure Storage, Cosmos DB Table API) through the aztables SDK, next to the engine's prediction; credentials from " + live.ConnectionStringVar}
	fs := newFlagSet(e, c, nil)
	tr := fs.String("trace", "", "the trace to replay (a file)")
	target := fs.String("target", "", "the Table service endpoint, e.g. https://ACCOUNT.table.core.windows.net or http://127.0.0.1:10002/devstoreaccount1")
	concurrency := fs.Int("concurrency", 8, "operations in flight at most; operations on one partition stay in trace order")
	rate := fs.Float64("rate", 1000, "operations started a second at most (0: no limit)")
	allowExisting := fs.Bool("allow-existing", false, "allow writing into tables that already exist on the service")
	scratch := fs.Bool("scratch", true, "replay each table under a new name (the trace's name and a random suffix), deleted afterwards")
	keep := fs.Bool("keep-tables", false, "keep the scratch tables after the replay")
	results := fs.String("results", "", "write one JSON line per operation (status, keys, pages, ms, charge) to this file")
	timeout := fs.Duration("timeout", limits.LiveRequestTimeout, "how long one operation (its requests and retries) may wait for the service")
	format := fs.String("format", "text", "output format: text or json")
	duration := fs.Duration("duration", time.Minute, "length of the workload for the engine's prediction: operations without \"t\" are spread evenly over it")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	switch {
	case len(pos) != 0:
		return fail(e, usageError{"replay --target takes --trace FILE, not a design"})
	case *tr == "" || *tr == "-":
		return fail(e, usageError{"replay --target needs --trace FILE (a file: it is read twice, for the engine and for the service)"})
	case *target == "":
		return fail(e, usageError{"--target needs a URL"})
	case *timeout <= 0:
		return fail(e, usageError{"--timeout must be positive"})
	case *format != "text" && *format != "json":
		return fail(e, usageError{fmt.Sprintf("invalid --format %q: want text or json", *format)})
	case *duration <= 0:
		return fail(e, usageError{"--duration must be positive"})
	}
	lopts := live.Options{Concurrency: *concurrency, Rate: *rate, Scratch: *scratch, AllowExisting: *allowExisting, Keep: *keep, Timeout: *timeout}
	if msg := lopts.Check(); msg != "" {
		return fail(e, usageError{msg})
	}
	// Nothing printed from here on holds a credential.
	conn := os.Getenv(live.ConnectionStringVar)
	redact := live.Redactor(conn)
	failLive := func(err error) int { return fail(e, errors.New(redact(oneLine(err).Error()))) }
	path := replayPath(e, *tr)
	if *results != "" {
		if err := checkOutputs(map[string]string{"the trace": path}, map[string]string{"--results": replayPath(e, *results)}); err != nil {
			return fail(e, err)
		}
	}
	svc, err := live.NewClient(*target, conn)
	if err != nil {
		return failLive(err)
	}

	// The engine's prediction, with the keys each operation returns.
	f, err := os.Open(path)
	if err != nil {
		return fail(e, err)
	}
	var engRes bytes.Buffer
	t0 := time.Now()
	// On a Cosmos DB endpoint the engine also predicts each operation's
	// request units (not its throttling: the service's is measured).
	onCosmos := limits.CosmosEndpoint(*target)
	var cosmosOpts *replay.CosmosOptions
	if onCosmos {
		cosmosOpts = &replay.CosmosOptions{Mode: "none"}
	}
	eng, err := replay.Run(tracefmt.NewReader(f, *tr), replay.NewEngine(replay.EngineOptions{Keys: true, Cosmos: onCosmos}),
		replay.Options{Duration: duration.Seconds(), Results: &engRes, Cosmos: cosmosOpts})
	engTime := time.Since(t0)
	f.Close()
	if err != nil {
		return fail(e, err)
	}

	// The service.
	if f, err = os.Open(path); err != nil {
		return fail(e, err)
	}
	defer f.Close()
	var liveRes bytes.Buffer
	var rf *outfile.File
	var resW io.Writer = &liveRes
	if *results != "" {
		if rf, err = outfile.Create(outputPath(e, *results), e.stdout); err != nil {
			return fail(e, fmt.Errorf("--results: %w", err))
		}
		defer rf.Abort()
		resW = io.MultiWriter(&liveRes, rf)
	}
	// SIGINT, SIGTERM and SIGHUP: the scratch tables are deleted and the
	// results' temporary file removed, as on Ctrl-C.
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
	defer stop()
	lopts.Results = resW
	rep, err := live.Run(ctx, svc, tracefmt.NewReader(f, *tr), lopts)
	cleanupFailed := false
	if rep != nil {
		for _, c := range rep.CleanupErrors {
			fmt.Fprintf(e.stderr, "tablelint: scratch table %s\n", redact(oneLine(errors.New(c)).Error()))
			cleanupFailed = true
		}
	}
	if err != nil && ctx.Err() != nil && errors.Is(err, context.Canceled) {
		rf.Abort()
		fmt.Fprintln(e.stderr, "tablelint: replay interrupted; no output written")
		return 130
	}
	if err != nil {
		return failLive(err)
	}
	if err := rf.Commit(); err != nil {
		return fail(e, err)
	}
	rep.Target = redact(*target)
	a, err := trace.ReadResults(&liveRes, "live")
	if err != nil {
		return fail(e, err)
	}
	b, err := trace.ReadResults(&engRes, "engine")
	if err != nil {
		return fail(e, err)
	}
	diffs := trace.Compare(a, b)

	out := liveOutput{Target: rep.Target, Trace: *tr, Tables: rep.Tables, Operations: rep.Operations,
		LiveSeconds: rep.Elapsed.Seconds(), EngineSeconds: engTime.Seconds(), Statuses: rep.Statuses,
		EngineStatuses: eng.Statuses, Differences: len(diffs), cosmos: onCosmos}
	for _, d := range diffs[:min(len(diffs), 10)] {
		out.FirstDifferences = append(out.FirstDifferences, d.String())
	}
	engQ := map[string]replay.QueryStat{}
	for _, q := range eng.Queries {
		name := q.Name
		shape := q.Shape
		if name != "" {
			shape = ""
		}
		engQ[live.Key(q.Table, name, shape)] = q
	}
	for _, q := range rep.Queries {
		shape := q.Shape
		if q.Name != "" {
			shape = ""
		}
		lq := liveQuery{Table: q.Table, Name: q.Name, Shape: q.Shape, Calls: q.Calls, Errors: q.Errors,
			P50ms: q.LatencyP50, P99ms: q.LatencyP99, Pages: q.PagesMean, Returned: q.ReturnedMean}
		if q.Charged {
			ch := q.ChargeMean
			lq.RequestCharge = &ch
		}
		if eq, ok := engQ[live.Key(q.Table, q.Name, shape)]; ok {
			lq.Engine = &engineQuery{Plan: eq.Plan, Pages: eq.PagesMean, Scanned: eq.Scanned.Mean, Returned: eq.Returned.Mean}
			if onCosmos {
				ru := eq.RU / float64(eq.Calls)
				lq.Engine.RequestUnits = &ru
			}
		}
		out.Queries = append(out.Queries, lq)
	}
	for i, d := range out.FirstDifferences {
		out.FirstDifferences[i] = redact(d)
	}
	if *format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return fail(e, err)
		}
	} else {
		out.writeText(e.stdout)
	}
	// A run that could not measure everything never looks clean.
	code := 0
	if rep.NoAnswer > 0 {
		fmt.Fprintf(e.stderr, "tablelint: %d of %d operations got no answer from the service (status 0); first: %s\n", rep.NoAnswer, rep.Operations, redact(oneLine(errors.New(rep.FirstNoAnswer)).Error()))
		code = 2
	}
	if cleanupFailed {
		code = 2
	}
	return code
}

type liveOutput struct {
	Target           string            `json:"target"`
	Trace            string            `json:"trace"`
	Tables           map[string]string `json:"tables"`
	Operations       int               `json:"operations"`
	LiveSeconds      float64           `json:"liveSeconds"`
	EngineSeconds    float64           `json:"engineSeconds"`
	Statuses         map[int]int       `json:"statuses"`
	EngineStatuses   map[int]int       `json:"engineStatuses"`
	Differences      int               `json:"differences"`
	FirstDifferences []string          `json:"firstDifferences,omitempty"`
	Queries          []liveQuery       `json:"queries"`

	cosmos bool // the endpoint is Cosmos DB's: the engine predicts RU
}

type liveQuery struct {
	Table         string       `json:"table"`
	Name          string       `json:"name,omitempty"`
	Shape         string       `json:"shape,omitempty"`
	Calls         int          `json:"calls"`
	Errors        int          `json:"errors"`
	P50ms         float64      `json:"p50ms"`
	P99ms         float64      `json:"p99ms"`
	Pages         float64      `json:"pagesPerCall"`
	Returned      float64      `json:"returnedPerCall"`
	RequestCharge *float64     `json:"requestChargePerCall,omitempty"`
	Engine        *engineQuery `json:"engine,omitempty"`
}

type engineQuery struct {
	Plan     string  `json:"plan"`
	Pages    float64 `json:"pagesPerCall"`
	Scanned  float64 `json:"scannedPerCall"`
	Returned float64 `json:"returnedPerCall"`
	// RequestUnits is the engine's request units per call, on a Cosmos DB
	// endpoint.
	RequestUnits *float64 `json:"requestUnitsPerCall,omitempty"`
}

func statusList(m map[int]int) string {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d×%d", k, m[k]))
	}
	return strings.Join(parts, " ")
}

func (o *liveOutput) writeText(w io.Writer) {
	rate := func(s float64) string {
		if s <= 0 {
			return "-"
		}
		return fmt.Sprintf("%.0f ops/s", float64(o.Operations)/s)
	}
	fmt.Fprintf(w, "live replay of %s on %s: %d operations in %.2f s (%s); engine: %.3f s (%s)\n",
		report.EscapeControl(o.Trace), report.EscapeControl(o.Target), o.Operations, o.LiveSeconds, rate(o.LiveSeconds), o.EngineSeconds, rate(o.EngineSeconds))
	names := make([]string, 0, len(o.Tables))
	for k := range o.Tables {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Fprintf(w, "table %s → %s\n", report.EscapeControl(k), report.EscapeControl(o.Tables[k]))
	}
	fmt.Fprintf(w, "statuses: service %s; engine %s\n", statusList(o.Statuses), statusList(o.EngineStatuses))
	if o.Differences == 0 {
		fmt.Fprintln(w, "every operation answered as the engine predicted (status and keys)")
	} else {
		fmt.Fprintf(w, "%d operations answered differently from the engine:\n", o.Differences)
		for _, d := range o.FirstDifferences {
			fmt.Fprintf(w, "  %s\n", report.EscapeControl(d))
		}
	}
	if len(o.Queries) == 0 {
		return
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	header := "query\tcalls\tp50 ms\tp99 ms\tpages/call\treturned/call\tRU/call\tengine: plan\tpages/call\tscanned/call\treturned/call\t"
	if o.cosmos {
		header += "RU/call\t"
	}
	fmt.Fprintln(tw, header)
	for _, q := range o.Queries {
		label := q.Table + " " + q.Name
		if q.Name == "" {
			label = q.Table + " " + q.Shape
		}
		label = report.EscapeControl(label)
		if len(label) > 60 {
			label = label[:57] + "..."
		}
		ru := "-"
		if q.RequestCharge != nil {
			ru = fmt.Sprintf("%.2f", *q.RequestCharge)
		}
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%.1f\t%.2f\t%.2f\t%s\t", label, q.Calls, q.P50ms, q.P99ms, q.Pages, q.Returned, ru)
		switch {
		case q.Engine == nil && o.cosmos:
			fmt.Fprintln(tw, "-\t-\t-\t-\t-\t")
		case q.Engine == nil:
			fmt.Fprintln(tw, "-\t-\t-\t-\t")
		case q.Engine.RequestUnits != nil:
			fmt.Fprintf(tw, "%s\t%.2f\t%.2f\t%.2f\t%.2f\t\n", q.Engine.Plan, q.Engine.Pages, q.Engine.Scanned, q.Engine.Returned, *q.Engine.RequestUnits)
		default:
			fmt.Fprintf(tw, "%s\t%.2f\t%.2f\t%.2f\t\n", q.Engine.Plan, q.Engine.Pages, q.Engine.Scanned, q.Engine.Returned)
		}
	}
	tw.Flush()
}
