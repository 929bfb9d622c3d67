// Package model is tablelint's in-memory form of a YAML design file
// (docs/design-files.md): tables, entity types with key templates and typed
// properties, queries with their parsed and planned filters, transaction
// groups and expected volumes.
//
// Load and Parse read a design through yaml.Node, so that every value keeps
// its line and column: errors and findings point at the exact spot, and
// each model value keeps the yaml.Node it came from (for suppressions
// applied by line later). Loading is strict: unknown fields, wrong types,
// unknown EDM types, bad templates, filters that do not parse and
// placeholders that name no property are all errors, returned as a single
// *Error with the file, line and column.
//
// Input is bounded: MaxFileSize bytes, and MaxAliasNodes YAML nodes added
// by expanding aliases.
package model

import (
	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
	"gopkg.in/yaml.v3"
)

// Target is the service a design is for; limits and ordering differ.
type Target uint8

// The targets.
const (
	Storage Target = iota // Azure Table storage (default)
	Cosmos                // the Azure Cosmos DB Table API
)

// String returns "storage" or "cosmos".
func (t Target) String() string {
	if t == Cosmos {
		return "cosmos"
	}
	return "storage"
}

// Limits returns the limits of the target (package limits).
func (t Target) Limits() *limits.Service {
	if t == Cosmos {
		return limits.For(limits.Cosmos)
	}
	return limits.For(limits.Storage)
}

// ThroughputMode is how a Cosmos DB account is billed for requests.
type ThroughputMode uint8

// The throughput modes.
const (
	NoThroughput ThroughputMode = iota // not declared
	Provisioned                        // standard (manual) provisioned RU/s
	Autoscale                          // autoscale, up to a maximum RU/s
	Serverless                         // billed per request unit consumed
)

// String returns the mode as the design file writes it.
func (m ThroughputMode) String() string {
	switch m {
	case Provisioned:
		return "provisioned"
	case Autoscale:
		return "autoscale"
	case Serverless:
		return "serverless"
	}
	return "none"
}

// Throughput is a design's declared Cosmos DB throughput.
type Throughput struct {
	Mode ThroughputMode
	// RUPerSecond is the provisioned RU/s, or the autoscale maximum; 0
	// for serverless.
	RUPerSecond int64
	// Node is the throughput field's value node.
	Node *yaml.Node
}

// Design is one design file.
type Design struct {
	// File is the path the design was read from.
	File    string
	Version int
	Target  Target
	// TargetNode is the target field's value node, nil if absent.
	TargetNode *yaml.Node
	// Throughput is the Cosmos DB throughput the design declares (target
	// cosmos only); its Node is nil when the design does not say.
	Throughput Throughput
	Tables     []*Table // in file order
	// Src is the file's content, used to map positions inside scalars.
	Src []byte
	// Root is the document's top-level mapping.
	Root *yaml.Node

	lines []int // byte offset of each line's start, computed on demand
}

// Table is one table of a design.
type Table struct {
	Name string
	// Node is the table name's key node; Value the table's mapping.
	Node, Value  *yaml.Node
	Entities     []*Entity
	Queries      []*Query
	Transactions []*Transaction
	// Discriminator is the property that says which entity type an entity
	// is (the design guide's EntityType property), "" when the design does
	// not name one; DiscriminatorNode is its value node.
	Discriminator     string
	DiscriminatorNode *yaml.Node
}

// Entity finds the table's entity type with the given name.
func (t *Table) Entity(name string) *Entity {
	for _, e := range t.Entities {
		if e.Name == name {
			return e
		}
	}
	return nil
}

// Property finds a property declared by any entity type of the table, in
// entity order.
func (t *Table) Property(name string) *Property {
	for _, e := range t.Entities {
		if p := e.Property(name); p != nil {
			return p
		}
	}
	return nil
}

// Entity is an entity type: entities sharing key templates and properties.
type Entity struct {
	Table *Table
	Name  string
	// Node is the entity name's key node; Value the entity's mapping.
	Node, Value  *yaml.Node
	PartitionKey *Template
	RowKey       *Template
	Properties   []*Property // in file order
	// Count is the expected number of entities; CountNode is nil when the
	// design does not say.
	Count     int64
	CountNode *yaml.Node
	// Writes is inserts+updates per second over all partitions; WritesNode
	// is nil when the design does not say.
	Writes     Rate
	WritesNode *yaml.Node
	// Inserts is the part of Writes that inserts new entities;
	// InsertsNode is nil when the design does not say.
	Inserts     Rate
	InsertsNode *yaml.Node
	// CopyOf is the entity type this one duplicates (a secondary index or
	// denormalized copy), in this table or another; nil when it is no copy.
	// CopyOfNode is the field's value node.
	CopyOf     *Entity
	CopyOfNode *yaml.Node
	// Eventual says the copy is kept consistent eventually (by a queue or
	// a retried worker), not atomically with its source.
	Eventual bool
	// PartOf is the entity type this one continues, when a wide logical
	// entity is split over several physical entities; PartOfNode is the
	// field's value node.
	PartOf     *Entity
	PartOfNode *yaml.Node
}

// Property finds a declared property by exact name.
func (e *Entity) Property(name string) *Property {
	for _, p := range e.Properties {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Property is a declared property of an entity type.
type Property struct {
	Entity *Entity
	Name   string
	// Node is the name's key node; Value the property's value node (an
	// EDM type name or a mapping).
	Node, Value *yaml.Node
	Type        edm.Type
	// MaxLength is the most characters (UTF-16 code units) a String holds;
	// MaxBytes the most bytes a Binary holds; 0 when not given. The nodes
	// are nil when absent.
	MaxLength, MaxBytes         int64
	MaxLengthNode, MaxBytesNode *yaml.Node
	// TypicalLength and TypicalBytes are the usual size of the value, for
	// the typical entity size; 0 when not given.
	TypicalLength, TypicalBytes int64
	// Cardinality is the number of distinct values expected, 0 if unknown.
	Cardinality int64
	// CopyOf is the property this one is a denormalized copy of (the
	// manager's name copied into each employee), nil if none; CopyOfNode
	// is the field's value node.
	CopyOf     *Property
	CopyOfNode *yaml.Node
}

// Bounded reports whether a String or Binary property declares its maximum
// size. Fixed-size types are always bounded.
func (p *Property) Bounded() bool {
	switch p.Type {
	case edm.String:
		return p.MaxLength > 0
	case edm.Binary:
		return p.MaxBytes > 0
	}
	return true
}

// Query is a named query of a table.
type Query struct {
	Table *Table
	Name  string
	// Node is the name's key node; Value the query's mapping;
	// FilterNode the filter string's node.
	Node, Value, FilterNode *yaml.Node
	// Filter is the parsed filter (template mode) and Plan its plan. Both
	// are unset when the filter uses a feature the Table service does not
	// support; Unsupported says which (its Rule is "TL306").
	Filter      *odata.Filter
	Unsupported *odata.Error
	Plan        plan.Plan
	// Params maps each placeholder of the filter to what it stands for.
	Params map[*odata.Param]Resolved
	// Rate is how often the query runs; RateNode is nil when unknown.
	Rate     Rate
	RateNode *yaml.Node
	// Top is the $top option, 0 if absent; TopNode is its node.
	Top     int64
	TopNode *yaml.Node
	Select  []string
	// Order is the property the application needs the results sorted by,
	// "" when the design does not say; OrderDesc is true for newest or
	// largest first. OrderNode is the order field's value node.
	Order     string
	OrderDesc bool
	OrderNode *yaml.Node
	// Then is the query the application runs next with values taken from
	// this query's result (a second round trip), nil if none; ThenNode is
	// the field's value node.
	Then     *Query
	ThenNode *yaml.Node
	// Deletes says the query finds entities to delete (retention);
	// DeletesNode is nil when the design does not say.
	Deletes     bool
	DeletesNode *yaml.Node
	// CountOnly says the application only counts the entities the query
	// returns; CountOnlyNode is nil when the design does not say.
	CountOnly     bool
	CountOnlyNode *yaml.Node
	// Callers are the places in the code that run the query through a
	// wrapper ("api/handler.go:31 (Handler.List)"), as tablelint extract
	// writes them: a record for the reader, which review ignores.
	Callers []string

	filterText string // the filter of a query built with AddQuery
}

// Resolved is what a placeholder stands for: a property (Prop set) or a
// built-in (Builtin set, Prop the hash property if any).
type Resolved struct {
	Builtin Builtin
	Prop    *Property
	// Type is the EDM type of the value the placeholder stands for.
	Type edm.Type
}

// Transaction is a group of entity types that must commit atomically in
// one entity group transaction.
type Transaction struct {
	Table *Table
	Name  string
	// Node is the name's key node; Value the list.
	Node, Value *yaml.Node
	Members     []*Member
}

// Member is one entity type of a transaction with the number of entities
// of that type the group writes.
type Member struct {
	Entity *Entity
	Count  int64
	Node   *yaml.Node
}

// Ops returns the number of operations the group performs.
func (t *Transaction) Ops() int64 {
	var n int64
	for _, m := range t.Members {
		n += m.Count
	}
	return n
}
