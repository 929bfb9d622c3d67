// Command tablelint finds the mistakes that make Azure Table storage slow,
// hot or broken — table scans, hot keys, unpadded numeric keys, oversized
// entities — in $filter strings, YAML table designs, Go code using the
// Azure Tables SDK, and replayed workloads.
//
// Usage:
//
//	tablelint explain 'FILTER'        plan one $filter and report its findings
//	tablelint review FILE...          review YAML table designs
//	tablelint check [PATTERNS]        run the Go analyzers (./... by default)
//	tablelint extract [PATTERNS]      write the design the Go code implements
//	tablelint replay [DESIGN]         replay a workload on the reference engine
//	tablelint replay --target URL     replay a trace on a live Table endpoint
//	tablelint trace import|compare    import service logs as a trace; compare results
//	tablelint rules                   list the rules
//	tablelint doc TLnnn               print one rule's documentation
//
// The binary also speaks the go vet protocol:
//
//	go vet -vettool=$(command -v tablelint) ./...
//
// Exit codes: 0 no finding at or above --fail-on (default warning); 1
// findings at or above it; 2 usage error, invalid input or internal error.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"sort"
	"strings"

	"golang.org/x/term"

	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/suggest"
	"github.com/tablelint/tablelint/internal/version"
)

// command is one subcommand. Each lives in its own file and registers
// itself in an init function.
type command struct {
	name    string
	usage   string // "explain [flags] 'FILTER'"
	summary string // one line for the command list
	run     func(env *env, args []string) int
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

// env is what a command runs with: its streams and working directory.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	dir            string
	// args is the command line, for SARIF's invocation.
	args []string
	// stdoutTerminal reports whether stdout is a terminal (for colour).
	stdoutTerminal bool
	stderrTerminal bool
}

// vetHook, when set (by the go vet driver), is tried first: if the
// arguments are a go vet protocol invocation it handles them.
var vetHook func(env *env, args []string) (code int, handled bool)

func main() {
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}
	e.dir, _ = os.Getwd()
	e.args = os.Args
	e.stdoutTerminal = isTerminal(os.Stdout)
	e.stderrTerminal = isTerminal(os.Stderr)
	stop := profile(e.stderr)
	code := run(e, os.Args[1:])
	stop()
	os.Exit(code)
}

// profile starts the profiles that TABLELINT_CPUPROFILE and
// TABLELINT_MEMPROFILE name (files to write, for `go tool pprof`; a
// developer's aid, not part of the contract) and returns what ends them.
// A go vet unit exits inside unitchecker and writes none.
func profile(stderr io.Writer) func() {
	var cpu *os.File
	if name := os.Getenv("TABLELINT_CPUPROFILE"); name != "" {
		f, err := os.Create(name)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintf(stderr, "tablelint: TABLELINT_CPUPROFILE: %v\n", err)
		} else {
			cpu = f
		}
	}
	return func() {
		if cpu != nil {
			pprof.StopCPUProfile()
			_ = cpu.Close()
		}
		if name := os.Getenv("TABLELINT_MEMPROFILE"); name != "" {
			f, err := os.Create(name)
			if err == nil {
				err = pprof.Lookup("allocs").WriteTo(f, 0)
				_ = f.Close()
			}
			if err != nil {
				fmt.Fprintf(stderr, "tablelint: TABLELINT_MEMPROFILE: %v\n", err)
			}
		}
	}
}

// run runs the command line args and returns the exit code. Panics are
// turned into an internal error (exit 2) with a one-line message.
func run(e *env, args []string) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(e.stderr, "tablelint: internal error: %v\n", r)
			if os.Getenv("TABLELINT_DEBUG") != "" {
				fmt.Fprintf(e.stderr, "%s", debug.Stack())
			}
			code = 2
		}
	}()
	if vetHook != nil {
		if code, ok := vetHook(e, args); ok {
			return code
		}
	}
	if len(args) == 0 {
		_ = usage(e.stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		if len(args) > 1 {
			// help COMMAND is COMMAND -h, on stdout.
			c, ok := commands[args[1]]
			if !ok {
				fmt.Fprintf(e.stderr, "tablelint: unknown command %q; run 'tablelint help' for the list\n", args[1])
				return 2
			}
			he := *e
			he.stderr = e.stdout
			c.run(&he, []string{"-h"})
			return 0
		}
		if err := usage(e.stdout); err != nil {
			return fail(e, err)
		}
		return 0
	case "-V", "--version", "version":
		if _, err := fmt.Fprintln(e.stdout, "tablelint", version.Get()); err != nil {
			return fail(e, err)
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		msg := fmt.Sprintf("unknown command %q", args[0])
		names := make([]string, 0, len(commands))
		for n := range commands {
			names = append(names, n)
		}
		if best := suggest.Closest(args[0], names); best != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", best)
		}
		fmt.Fprintf(e.stderr, "tablelint: %s; run 'tablelint help' for the commands\n", msg)
		return 2
	}
	return c.run(e, args[1:])
}

// usage writes the command list to w.
func usage(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintln(&b, "usage: tablelint COMMAND [flags] [args]")
	fmt.Fprintln(&b, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&b, "  %-36s %s\n", commands[n].usage, commands[n].summary)
	}
	fmt.Fprintln(&b, "\nrun 'tablelint help COMMAND' (or 'tablelint COMMAND -h') for a command's flags")
	_, err := io.WriteString(w, b.String())
	return err
}

// usageError is an error in how the command was called (exit 2).
type usageError struct{ msg string }

func (u usageError) Error() string { return u.msg }

// fail prints err on stderr as one line and returns exit code 2.
func fail(e *env, err error) int {
	// One line, whatever the message quotes (a glob, a path, a name
	// from an input): control characters are escaped.
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(e.stderr, "tablelint: %s\n", report.EscapeControl(strings.TrimSpace(ue.msg)))
		return 2
	}
	fmt.Fprintf(e.stderr, "tablelint: %s\n", report.EscapeControl(strings.TrimSpace(err.Error())))
	return 2
}

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }
