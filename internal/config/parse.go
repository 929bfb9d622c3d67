package config

import (
	"fmt"
	"github.com/tablelint/tablelint/internal/suggest"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tablelint/tablelint/internal/rules"
)

// Error is one problem in a configuration file, at a line and column.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// ErrorList is every problem found in a configuration file, in file
// order. Its Error method puts one per line.
type ErrorList []*Error

func (l ErrorList) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// maxErrors bounds how many errors one file reports.
const maxErrors = 20

// keys of the top-level mapping and of throughput, for did-you-mean.
var (
	topKeys        = []string{"version", "target", "rules", "exclude", "throughput", "prices", "allowIncomplete"}
	throughputKeys = []string{"partitionEntitiesPerSecond", "accountTransactionsPerSecond"}
	priceKeys      = []string{"currency", "region", "transactionsPer10k", "egressPerGiB", "storagePerGBMonth"}
)

// Parse parses configuration data read from file (the name is used in
// errors and as the directory exclude globs are relative to).
func Parse(file string, data []byte) (*Config, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		abs = file
	}
	c := Default(filepath.Dir(abs))
	c.Path = file
	p := &parser{file: file}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, p.yamlError(err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return c, nil // an empty file: the defaults
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return c, nil
	}
	if !p.kind(root, yaml.MappingNode, "the configuration", "a mapping") {
		return nil, p.errs
	}
	seen := map[string]bool{}
	p.pairs(root, func(k, v *yaml.Node) {
		if seen[k.Value] {
			p.errorf(k, "%s is set twice", k.Value)
			return
		}
		seen[k.Value] = true
		switch k.Value {
		case "version":
			if n, ok := p.number(v, "version"); ok && n != 1 {
				p.errorf(v, "unsupported version %v: want 1", v.Value)
			}
		case "target":
			if p.kind(v, yaml.ScalarNode, "target", "storage or cosmos") {
				switch Target(v.Value) {
				case Storage, Cosmos:
					c.Target = Target(v.Value)
				default:
					p.errorf(v, "unknown target %q: want storage or cosmos%s", v.Value, didYouMean(v.Value, []string{"storage", "cosmos"}))
				}
			}
		case "rules":
			p.rules(v, c)
		case "exclude":
			p.exclude(v, c)
		case "throughput":
			p.throughput(v, c)
		case "prices":
			p.prices(v, c)
		case "allowIncomplete":
			if p.kind(v, yaml.ScalarNode, "allowIncomplete", "true or false") {
				b, err := strconv.ParseBool(v.Value)
				if v.Tag != "!!bool" || err != nil {
					p.errorf(v, "allowIncomplete is %q: want true or false", v.Value)
				}
				c.AllowIncomplete = b
			}
		default:
			p.errorf(k, "unknown key %q%s (known keys: %s)", k.Value, didYouMean(k.Value, topKeys), strings.Join(topKeys, ", "))
		}
	})
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return c, nil
}

type parser struct {
	file string
	errs ErrorList
}

func (p *parser) errorf(n *yaml.Node, format string, args ...any) {
	if len(p.errs) >= maxErrors {
		return
	}
	p.errs = append(p.errs, &Error{File: p.file, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, args...)})
}

// yamlError turns a yaml.v3 syntax error ("yaml: line 3: …") into an
// Error with a position.
func (p *parser) yamlError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 1
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if i := strings.Index(rest, ":"); i > 0 {
			if n, err := strconv.Atoi(rest[:i]); err == nil {
				line, msg = n, strings.TrimSpace(rest[i+1:])
			}
		}
	}
	return ErrorList{{File: p.file, Line: line, Col: 1, Msg: "invalid YAML: " + msg}}
}

var kindNames = map[yaml.Kind]string{
	yaml.DocumentNode: "a document", yaml.SequenceNode: "a list", yaml.MappingNode: "a mapping",
	yaml.ScalarNode: "a scalar", yaml.AliasNode: "an alias",
}

// kind checks n is of kind k, reporting "what must be want" otherwise.
// Aliases are rejected everywhere: a configuration has no use for them
// and they could expand without bound.
func (p *parser) kind(n *yaml.Node, k yaml.Kind, what, want string) bool {
	if n.Kind == yaml.AliasNode {
		p.errorf(n, "%s: YAML aliases are not supported in the configuration", what)
		return false
	}
	if n.Kind != k {
		got := kindNames[n.Kind]
		if n.Kind == yaml.ScalarNode {
			got = fmt.Sprintf("%q", n.Value)
		}
		p.errorf(n, "%s must be %s, not %s", what, want, got)
		return false
	}
	return true
}

// pairs calls f for each key/value pair of mapping m; keys must be
// plain strings.
func (p *parser) pairs(m *yaml.Node, f func(k, v *yaml.Node)) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if k.Kind != yaml.ScalarNode || k.Tag == "!!merge" {
			p.errorf(k, "keys must be plain strings")
			continue
		}
		f(k, v)
	}
}

func (p *parser) number(v *yaml.Node, what string) (float64, bool) {
	if !p.kind(v, yaml.ScalarNode, what, "a number") {
		return 0, false
	}
	if v.Tag != "!!int" && v.Tag != "!!float" {
		p.errorf(v, "%s must be a number, not %q", what, v.Value)
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(v.Value, "_", ""), 64)
	if err != nil {
		if i, ierr := strconv.ParseInt(strings.ReplaceAll(v.Value, "_", ""), 0, 64); ierr == nil {
			return float64(i), true
		}
		p.errorf(v, "%s: invalid number %q", what, v.Value)
		return 0, false
	}
	return f, true
}

func (p *parser) rules(v *yaml.Node, c *Config) {
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		return
	}
	if !p.kind(v, yaml.MappingNode, "rules", "a mapping from rule ID or name to off, info, warning or error") {
		return
	}
	p.pairs(v, func(k, sv *yaml.Node) {
		r, ok := rules.Get(k.Value)
		if !ok {
			p.errorf(k, "unknown rule %q%s (see `tablelint rules`)", k.Value, didYouMean(k.Value, rules.Names()))
			return
		}
		if _, dup := c.Rules[r.ID]; dup {
			p.errorf(k, "rule %s is set twice", r.ID)
			return
		}
		what := "severity of " + r.ID
		if !p.kind(sv, yaml.ScalarNode, what, "off, info, warning or error") {
			return
		}
		s, err := rules.ParseSeverity(strings.ToLower(sv.Value))
		if err != nil || (sv.Tag != "!!str" && sv.Tag != "!!bool") {
			p.errorf(sv, "%s must be off, info, warning or error, not %q%s", what, sv.Value,
				didYouMean(sv.Value, []string{"off", "info", "warning", "error"}))
			return
		}
		c.Rules[r.ID] = s
	})
}

func (p *parser) exclude(v *yaml.Node, c *Config) {
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		return
	}
	if !p.kind(v, yaml.SequenceNode, "exclude", "a list of path globs") {
		return
	}
	for _, g := range v.Content {
		if !p.kind(g, yaml.ScalarNode, "an exclude entry", "a path glob") {
			continue
		}
		if err := validGlob(g.Value); err != nil {
			p.errorf(g, "%v", err)
			continue
		}
		c.Exclude = append(c.Exclude, strings.TrimPrefix(g.Value, "./"))
	}
}

func (p *parser) throughput(v *yaml.Node, c *Config) {
	if !p.kind(v, yaml.MappingNode, "throughput", "a mapping") {
		return
	}
	p.pairs(v, func(k, nv *yaml.Node) {
		var dst *float64
		switch k.Value {
		case "partitionEntitiesPerSecond":
			dst = &c.Throughput.PartitionEntitiesPerSecond
		case "accountTransactionsPerSecond":
			dst = &c.Throughput.AccountTransactionsPerSecond
		default:
			p.errorf(k, "unknown key %q in throughput%s (known keys: %s)", k.Value, didYouMean(k.Value, throughputKeys), strings.Join(throughputKeys, ", "))
			return
		}
		n, ok := p.number(nv, "throughput."+k.Value)
		if !ok {
			return
		}
		if !(n > 0) || math.IsInf(n, 0) {
			p.errorf(nv, "throughput.%s must be a positive number, not %s", k.Value, nv.Value)
			return
		}
		*dst = n
	})
}

func (p *parser) prices(v *yaml.Node, c *Config) {
	if !p.kind(v, yaml.MappingNode, "prices", "a mapping") {
		return
	}
	p.pairs(v, func(k, nv *yaml.Node) {
		switch k.Value {
		case "currency", "region":
			if !p.kind(nv, yaml.ScalarNode, "prices."+k.Value, "a string") {
				return
			}
			if k.Value == "currency" {
				c.Prices.Currency = nv.Value
			} else {
				c.Prices.Region = nv.Value
			}
		case "transactionsPer10k", "egressPerGiB", "storagePerGBMonth":
			n, ok := p.number(nv, "prices."+k.Value)
			if !ok {
				return
			}
			if !(n >= 0) || math.IsInf(n, 0) {
				p.errorf(nv, "prices.%s must be a number from 0, not %s", k.Value, nv.Value)
				return
			}
			switch k.Value {
			case "transactionsPer10k":
				c.Prices.PerTenThousandTransactions, c.Prices.HasTransactions = n, true
			case "egressPerGiB":
				c.Prices.EgressPerGiB, c.Prices.HasEgress = n, true
			default:
				c.Prices.StoragePerGBMonth, c.Prices.HasStorage = n, true
			}
		default:
			p.errorf(k, "unknown key %q in prices%s (known keys: %s)", k.Value, didYouMean(k.Value, priceKeys), strings.Join(priceKeys, ", "))
		}
	})
}

// didYouMean returns ` (did you mean "x"?)` for the candidate closest to s,
// or "" when none is close.
func didYouMean(s string, candidates []string) string {
	if best := suggest.Closest(s, candidates); best != "" {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return ""
}
