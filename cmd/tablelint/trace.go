package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/tablelint/tablelint/internal/outfile"

	"github.com/tablelint/tablelint/trace"
	"github.com/tablelint/tablelint/traceimport"
)

func init() {
	register(&command{
		name:    "trace",
		usage:   "trace import|compare [flags] FILE...",
		summary: "import the Table service's logs as a trace; compare two results files",
		run:     runTrace,
	})
}

func runTrace(e *env, args []string) int {
	if len(args) == 0 {
		return fail(e, usageError{"trace needs a subcommand: import or compare"})
	}
	switch args[0] {
	case "import":
		return runTraceImport(e, args[1:])
	case "compare":
		return runTraceCompare(e, args[1:])
	case "-h", "-help", "--help":
		fmt.Fprintln(e.stdout, "usage: tablelint trace import --from azure-monitor|storage-analytics [-o FILE] [--results FILE] LOG")
		fmt.Fprintln(e.stdout, "       tablelint trace compare RESULTS RESULTS")
		return 0
	}
	return fail(e, usageError{fmt.Sprintf("unknown trace subcommand %q (want import or compare)", args[0])})
}

// maxBadLinesShown bounds the bad log lines trace import prints.
const maxBadLinesShown = 20

func runTraceImport(e *env, args []string) int {
	c := &command{name: "trace import", usage: "trace import --from azure-monitor|storage-analytics [-o FILE] [--results FILE] LOG",
		summary: "turn Azure Monitor (StorageTableLogs) or Storage Analytics ($logs) logs of the Table service into a trace"}
	fs := newFlagSet(e, c, nil)
	from := fs.String("from", "", "log format: azure-monitor (StorageTableLogs: JSON lines, pretty-printed JSON, the array az monitor log-analytics query prints, or CSV with a header row) or storage-analytics ($logs, versions 1.0 and 2.0); either may be gzip-compressed")
	out := fs.String("o", "", "write the trace to this file (default, or -: stdout)")
	results := fs.String("results", "", "write the logged status of every trace operation to this file (for tablelint trace compare)")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	format, err := traceimport.ParseFormat(*from)
	switch {
	case *from == "":
		return fail(e, usageError{"trace import needs --from azure-monitor or --from storage-analytics"})
	case err != nil:
		return fail(e, usageError{err.Error()})
	case len(pos) != 1:
		return fail(e, usageError{"trace import takes one log file (- for stdin)"})
	}
	in, name := e.stdin, "<stdin>"
	var inPath string
	if pos[0] != "-" {
		inPath, name = replayPath(e, pos[0]), pos[0]
		f, err := os.Open(inPath)
		if err != nil {
			return fail(e, err)
		}
		defer f.Close()
		in = f
	}
	if *out == "" {
		*out = "-" // standard output, which --results must not share
	}
	outs := map[string]string{"-o": outputPath(e, *out)}
	if *results != "" {
		outs["--results"] = outputPath(e, *results)
	}
	if err := checkOutputs(map[string]string{"the log": inPath}, outs); err != nil {
		return fail(e, err)
	}
	var w io.Writer = e.stdout
	var tw, rw *outfile.File
	if *out != "" {
		if tw, err = outfile.Create(outs["-o"], e.stdout); err != nil {
			return fail(e, fmt.Errorf("-o: %w", err))
		}
		defer tw.Abort()
		w = tw
	}
	opts := traceimport.Options{Format: format, File: name}
	if *results != "" {
		if rw, err = outfile.Create(outs["--results"], e.stdout); err != nil {
			return fail(e, fmt.Errorf("--results: %w", err))
		}
		defer rw.Abort()
		opts.Results = rw
	}
	shown := 0
	opts.OnError = func(err error) {
		if shown < maxBadLinesShown {
			fmt.Fprintf(e.stderr, "tablelint: %v (record skipped)\n", err)
		}
		shown++
	}
	sum, err := traceimport.Import(in, w, opts)
	if err != nil {
		return fail(e, err)
	}
	for _, f := range []*outfile.File{tw, rw} {
		if err := f.Commit(); err != nil {
			return fail(e, err)
		}
	}
	if shown > maxBadLinesShown {
		fmt.Fprintf(e.stderr, "tablelint: … and %d more bad records\n", shown-maxBadLinesShown)
	}
	fmt.Fprintf(e.stderr, "tablelint: %s: %d records: %d trace operations (%d batch actions folded into batches), %d query pages after the first, %d requests that are not table operations, %d refused or interrupted (401, 403, 503, Unknown), %d tables created before their first use, %d bad records skipped\n",
		name, sum.Lines, sum.Operations, sum.BatchActions, sum.Continuations, sum.NotOperations, sum.NotExecuted, sum.TablesAssumed, sum.Bad)
	if sum.Bad > 0 && sum.Operations == 0 {
		return 2
	}
	return 0
}

func runTraceCompare(e *env, args []string) int {
	c := &command{name: "trace compare", usage: "trace compare RESULTS RESULTS",
		summary: "compare two results files (statuses and keys, operation by operation): a recording's or an import's with a replay's"}
	fs := newFlagSet(e, c, nil)
	max := fs.Int("max", 50, "print at most this many differences")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	if len(pos) != 2 {
		return fail(e, usageError{"trace compare takes two results files"})
	}
	var res [2][]trace.Result
	for i, p := range pos {
		f, err := os.Open(replayPath(e, p))
		if err != nil {
			return fail(e, err)
		}
		res[i], err = trace.ReadResults(f, p)
		f.Close()
		if err != nil {
			return fail(e, err)
		}
	}
	ms := trace.Compare(res[0], res[1])
	for i, m := range ms {
		if i == *max {
			fmt.Fprintf(e.stdout, "… and %d more\n", len(ms)-*max)
			break
		}
		fmt.Fprintln(e.stdout, m)
	}
	fmt.Fprintf(e.stdout, "%d operations in %s, %d in %s: %d differ\n", len(res[0]), pos[0], len(res[1]), pos[1], len(ms))
	if len(ms) > 0 {
		return 1
	}
	return 0
}
