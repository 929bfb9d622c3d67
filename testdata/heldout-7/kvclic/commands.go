package kvclic

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// command is one verb of the tool: its minimum argument count and its body.
type command struct {
	minArgs int
	run     func(ctx context.Context, w io.Writer, args []string) error
}

var commands = map[string]command{
	"table-create": {1, func(ctx context.Context, _ io.Writer, a []string) error {
		svc, err := openAccount()
		if err != nil {
			return err
		}
		_, err = svc.CreateTable(ctx, a[0], nil)
		return err
	}},
	"table-drop": {1, func(ctx context.Context, _ io.Writer, a []string) error {
		svc, err := openAccount()
		if err != nil {
			return err
		}
		_, err = svc.DeleteTable(ctx, a[0], nil)
		return err
	}},
	"put":        {3, func(ctx context.Context, _ io.Writer, a []string) error { return putValue(ctx, a[0], a[1], a[2]) }},
	"add":        {3, func(ctx context.Context, _ io.Writer, a []string) error { return addValue(ctx, a[0], a[1], a[2]) }},
	"add-json":   {2, func(ctx context.Context, _ io.Writer, a []string) error { return addDocument(ctx, a[0], []byte(a[1])) }},
	"add-stdin":  {1, func(ctx context.Context, _ io.Writer, a []string) error { return addDocuments(ctx, a[0], os.Stdin) }},
	"bump":       {2, func(ctx context.Context, _ io.Writer, a []string) error { return bumpValue(ctx, a[0], a[1]) }},
	"bump-safe":  {2, func(ctx context.Context, _ io.Writer, a []string) error { return bumpValueChecked(ctx, a[0], a[1]) }},
	"drop-value": {2, func(ctx context.Context, _ io.Writer, a []string) error { return dropValue(ctx, a[0], a[1]) }},
	"keys-of": {2, func(ctx context.Context, w io.Writer, a []string) error {
		keys, err := keysHolding(ctx, a[0], a[1])
		if err != nil {
			return err
		}
		for _, k := range keys {
			fmt.Fprintln(w, k)
		}
		return nil
	}},
	"get": {3, func(ctx context.Context, w io.Writer, a []string) error {
		row, err := readRow(ctx, a[0], a[1], a[2])
		if err != nil {
			return err
		}
		return json.NewEncoder(w).Encode(row)
	}},
	"take": {3, func(ctx context.Context, w io.Writer, a []string) error {
		row, err := takeRow(ctx, a[0], a[1], a[2])
		if err != nil {
			return err
		}
		return json.NewEncoder(w).Encode(row)
	}},
	"query": {1, func(ctx context.Context, w io.Writer, a []string) error {
		if len(a) == 2 {
			return dumpMatching(ctx, w, a[0], a[1])
		}
		return dumpAll(ctx, w, a[0])
	}},
	"query-delete": {2, func(ctx context.Context, w io.Writer, a []string) error { return purgeMatching(ctx, w, a[0], a[1]) }},
}

// Run executes one command line: the verb, then its arguments.
func Run(ctx context.Context, w io.Writer, argv []string) error {
	if len(argv) == 0 {
		return fmt.Errorf("usage: kvcli <command> [args]")
	}
	c, ok := commands[argv[0]]
	if !ok {
		return fmt.Errorf("unknown command %q", argv[0])
	}
	if len(argv)-1 < c.minArgs {
		return fmt.Errorf("%s needs %d arguments", argv[0], c.minArgs)
	}
	return c.run(ctx, w, argv[1:])
}
