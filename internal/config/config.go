// Package config loads and validates .tablelint.yaml: per-rule
// severities, paths to exclude, the target service (Table storage or the
// Cosmos DB Table API) and the throughput assumptions design review and
// replay use.
//
// A configuration file looks like this:
//
//	target: storage            # storage (default) | cosmos
//	rules:
//	  TL303: off               # by ID or by name: off | info | warning | error
//	  table-scan: error
//	exclude:
//	  - testdata/**
//	  - "**/*_gen.go"
//	throughput:
//	  partitionEntitiesPerSecond: 2000
//	  accountTransactionsPerSecond: 20000
//
// Errors name the file, line and column, suggest the nearest known key
// for a misspelt one, and reject unknown rule IDs.
package config

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/tablelint/tablelint/internal/rules"

	"github.com/tablelint/tablelint/internal/limits"
)

// FileName is the configuration file's name.
const FileName = ".tablelint.yaml"

// altFileName is accepted too.
const altFileName = ".tablelint.yml"

// MaxFileSize bounds the configuration file's size.
const MaxFileSize = 1 << 20

// The published scalability targets of Azure Table storage ("Scalability
// and performance targets for Table storage", learn.microsoft.com): used
// unless the configuration says otherwise.
const (
	// DefaultPartitionEntitiesPerSecond is the target throughput of one
	// table partition, 1 KiB entities.
	DefaultPartitionEntitiesPerSecond = limits.PartitionEntitiesPerSecond
	// DefaultAccountTransactionsPerSecond is the maximum request rate of
	// one storage account, 1 KiB entities.
	DefaultAccountTransactionsPerSecond = limits.AccountRequestsPerSecond
)

// Target is the service the designs and the code run on; its limits are
// limits.For(target).
type Target = limits.Target

// The targets. Cosmos DB for Table allows 2 MB entities and 255-byte
// RowKeys, limits batches to 2 MB, does not return query results in key
// order, nor limit $top to 1,000 (see package limits).
const (
	Storage = limits.Storage
	Cosmos  = limits.Cosmos
)

// Throughput holds the throughput assumptions.
type Throughput struct {
	// PartitionEntitiesPerSecond is the most entities per second one
	// partition is assumed to serve.
	PartitionEntitiesPerSecond float64
	// AccountTransactionsPerSecond is the most requests per second one
	// storage account is assumed to serve.
	AccountTransactionsPerSecond float64
}

// Prices is the price table of the cost estimates, as the file sets it;
// what it leaves unset keeps the defaults (see docs/design-files.md).
type Prices struct {
	// Currency and Region label the prices.
	Currency, Region string
	// PerTenThousandTransactions is the price of 10,000 billable
	// transactions; EgressPerGiB the price of a GiB returned;
	// StoragePerGBMonth the price of a GB stored for a month. Each is set
	// when its Has field is.
	PerTenThousandTransactions             float64
	EgressPerGiB                           float64
	StoragePerGBMonth                      float64
	HasTransactions, HasEgress, HasStorage bool
}

// Config is a loaded configuration. The zero value is not useful; use
// Default or Load.
type Config struct {
	// Path is the file the configuration came from; "" for the defaults.
	Path string
	// Dir is the directory exclude globs are relative to: the file's
	// directory, or the working directory for the defaults.
	Dir string
	// Target is the service the designs run on.
	Target Target
	// Rules maps rule IDs to the severity set in the file.
	Rules map[string]rules.Severity
	// Exclude holds slash-separated path globs relative to Dir; `**`
	// matches any number of directories.
	Exclude []string
	// Throughput holds the throughput assumptions.
	Throughput Throughput
	// Prices holds the price table's overrides.
	Prices Prices
	// AllowIncomplete lets `check` exit by its findings when some
	// packages could not be analysed, or only with missing imports
	// (they are still named): --allow-incomplete.
	AllowIncomplete bool
}

// Default returns the configuration used when there is no file, with
// exclude globs relative to dir.
func Default(dir string) *Config {
	return &Config{
		Dir:    dir,
		Target: Storage,
		Rules:  map[string]rules.Severity{},
		Throughput: Throughput{
			PartitionEntitiesPerSecond:   DefaultPartitionEntitiesPerSecond,
			AccountTransactionsPerSecond: DefaultAccountTransactionsPerSecond,
		},
	}
}

// Severity returns the severity of rule id: the configured one, or def
// (the finding's or the rule's default) when the file does not set it.
func (c *Config) Severity(id string, def rules.Severity) rules.Severity {
	if s, ok := c.Rules[id]; ok {
		return s
	}
	return def
}

// Enabled reports whether rule id is not turned off.
func (c *Config) Enabled(id string) bool {
	if s, ok := c.Rules[id]; ok {
		return s != rules.Off
	}
	return true
}

// Excluded reports whether file (absolute, or relative to the working
// directory wd) matches an exclude glob. Files outside Dir are never
// excluded.
func (c *Config) Excluded(file, wd string) bool {
	if len(c.Exclude) == 0 || file == "" {
		return false
	}
	abs := file
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(wd, file)
	}
	rel, err := filepath.Rel(c.Dir, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	rel = filepath.ToSlash(rel)
	for _, g := range c.Exclude {
		if MatchGlob(g, rel) {
			return true
		}
	}
	return false
}

// MatchGlob reports whether the slash-separated path name matches
// pattern: path.Match syntax per segment, plus `**` matching any number
// of segments (including none). A pattern matching a directory matches
// everything under it.
func MatchGlob(pattern, name string) bool {
	return matchSegs(strings.Split(pattern, "/"), strings.Split(name, "/"))
}

func matchSegs(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			pat = pat[1:]
			if len(pat) == 0 {
				return true
			}
			for i := 0; i <= len(name); i++ {
				if matchSegs(pat, name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], name[0]); !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	// The pattern matched a directory: everything under it matches too.
	return true
}

// validGlob reports a syntax error in a glob.
func validGlob(g string) error {
	if g == "" {
		return errors.New("empty glob")
	}
	if strings.HasPrefix(g, "/") {
		return errors.New("globs are relative to the configuration file's directory: drop the leading /")
	}
	for _, seg := range strings.Split(g, "/") {
		if seg == "**" {
			continue
		}
		if _, err := path.Match(seg, ""); err != nil {
			return fmt.Errorf("invalid glob %q: %v", g, err)
		}
	}
	return nil
}

// Find looks for the configuration file by walking up from dir. The walk
// stops at the repository root (the nearest directory holding .git) or,
// outside a repository, at the module root (the nearest directory holding
// go.mod); outside both only dir itself is searched. It returns "" when
// there is no file.
func Find(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	stop := rootOf(dir, ".git")
	if stop == "" {
		stop = rootOf(dir, "go.mod")
	}
	if stop == "" {
		stop = dir
	}
	for d := dir; ; d = filepath.Dir(d) {
		for _, name := range []string{FileName, altFileName} {
			p := filepath.Join(d, name)
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				return p, nil
			}
		}
		if d == stop || filepath.Dir(d) == d {
			return "", nil
		}
	}
}

// rootOf returns the nearest ancestor of dir (or dir) containing marker.
func rootOf(dir, marker string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, marker)); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// Load reads the configuration: from file if it is not empty, else from
// the file Find finds starting at wd, else the defaults.
func Load(file, wd string) (*Config, error) {
	if file == "" {
		var err error
		if file, err = Find(wd); err != nil {
			return nil, err
		}
		if file == "" {
			return Default(wd), nil
		}
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("config: %v", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("config: %s: %v", file, err)
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("%s: configuration file larger than %d bytes", file, MaxFileSize)
	}
	return Parse(file, data)
}
