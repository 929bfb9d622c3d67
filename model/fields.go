package model

import "github.com/tablelint/tablelint/edm"

// ValueKind is the kind of value a field of a design file holds.
type ValueKind uint8

// The value kinds.
const (
	// Object is a mapping with the fixed keys in Value.Fields; any other
	// key is an error.
	Object ValueKind = iota
	// Map is a mapping from names the user chooses to Value.Elem.
	Map
	// List is a sequence of Value.Elem.
	List
	// Int is a whole number of at least Value.Min (one of Value.Enum,
	// when given).
	Int
	// String is text: a key template, a filter, a property name.
	String
	// Enum is one of Value.Enum.
	Enum
	// RateValue is a frequency: "N/s", "N/min", "N/h" or "N/day".
	RateValue
	// PropertyValue is a property: an EDM type name (the short form) or
	// an Object with Value.Fields.
	PropertyValue
	// MemberValue is a transaction entry: an entity type name, or a
	// mapping {EntityType: count} with one key and a count of at least 1.
	MemberValue
	// Bool is true or false.
	Bool
	// ThroughputValue is a design's Cosmos DB throughput: a whole number
	// of at least 1 (provisioned RU/s), "serverless", or a mapping with
	// one key, provisioned or autoscale (the autoscale maximum RU/s), and
	// a whole number of at least 1.
	ThroughputValue
)

// Value describes the values a field accepts.
type Value struct {
	Kind   ValueKind
	Min    int64    // Int
	Enum   []string // Enum, and the type names of PropertyValue
	Fields []Field  // Object, PropertyValue
	Elem   *Value   // Map, List
}

// Field is one key of an Object. The loader accepts exactly the fields
// listed in DesignFormat, and schema/design.schema.json (the JSON Schema
// editors use) is generated from it.
type Field struct {
	Name     string
	Doc      string
	Required bool
	Value    Value
}

// edmTypeNames are the names a property's type may have: "Int32" or
// "Edm.Int32".
func edmTypeNames() []string {
	var out []string
	for _, t := range edm.Types {
		out = append(out, t.String())
	}
	for _, t := range edm.Types {
		out = append(out, t.ODataName())
	}
	return out
}

// The fields of each mapping of a design file.
var (
	propertyFormat = []Field{
		{Name: "type", Required: true, Doc: "EDM type: String, Binary, Boolean, DateTime, Double, Guid, Int32 or Int64 (the Edm. prefix is allowed)",
			Value: Value{Kind: Enum, Enum: edmTypeNames()}},
		{Name: "maxLength", Doc: "String only: the most characters (UTF-16 code units) a value holds", Value: Value{Kind: Int, Min: 1}},
		{Name: "maxBytes", Doc: "Binary only: the most bytes a value holds", Value: Value{Kind: Int, Min: 1}},
		{Name: "cardinality", Doc: "the number of distinct values expected", Value: Value{Kind: Int}},
		{Name: "typicalLength", Doc: "String only: the usual number of characters, for the typical entity size", Value: Value{Kind: Int}},
		{Name: "typicalBytes", Doc: "Binary only: the usual number of bytes, for the typical entity size", Value: Value{Kind: Int}},
		{Name: "copyOf", Doc: "the property this one is a denormalized copy of: Department.ManagerName (or Table.Entity.Property)", Value: Value{Kind: String}},
	}
	entityFormat = []Field{
		{Name: "partitionKey", Required: true, Doc: `PartitionKey template: literal text and placeholders such as "{Department}", "{now:2006010215}", "{hash:Id:16}"`, Value: Value{Kind: String}},
		{Name: "rowKey", Required: true, Doc: `RowKey template: literal text and placeholders such as "empid_{EmployeeId:%06d}", "{invticks}", "{uuid}"`, Value: Value{Kind: String}},
		{Name: "properties", Doc: "property name → EDM type name (short form) or {type: …, maxLength: …}",
			Value: Value{Kind: Map, Elem: &Value{Kind: PropertyValue, Enum: edmTypeNames(), Fields: propertyFormat}}},
		{Name: "count", Doc: "the expected number of entities of this type", Value: Value{Kind: Int}},
		{Name: "writes", Doc: "inserts and updates per second over all partitions: N/s, N/min, N/h or N/day", Value: Value{Kind: RateValue}},
		{Name: "inserts", Doc: "the part of the writes that inserts new entities (same units); RowKey collision checks use it", Value: Value{Kind: RateValue}},
		{Name: "copyOf", Doc: "the entity type this one duplicates (a secondary index, an index entity, a denormalized copy): Employee in the same table, Employees.Employee in another", Value: Value{Kind: String}},
		{Name: "eventual", Doc: "true: the copy (or part) is kept consistent eventually, by a queue and a retried worker, not in one transaction with its source", Value: Value{Kind: Bool}},
		{Name: "partOf", Doc: "the entity type this one continues, when a logical entity is split over several (wide entities)", Value: Value{Kind: String}},
	}
	queryFormat = []Field{
		{Name: "filter", Required: true, Doc: "the $filter, with placeholders for run-time values: \"PartitionKey eq '{Department}'\"", Value: Value{Kind: String}},
		{Name: "rate", Doc: "how often the query runs: N/s, N/min, N/h or N/day", Value: Value{Kind: RateValue}},
		{Name: "top", Doc: "the $top option", Value: Value{Kind: Int, Min: 1}},
		{Name: "select", Doc: "the $select option: property names", Value: Value{Kind: List, Elem: &Value{Kind: String}}},
		{Name: "order", Doc: "the order the application needs the results in: \"Submitted desc\", \"LastName\" (asc is the default)", Value: Value{Kind: String}},
		{Name: "deletes", Doc: "true: the query finds entities to delete (retention)", Value: Value{Kind: Bool}},
		{Name: "countOnly", Doc: "true: the application only counts the entities the query returns", Value: Value{Kind: Bool}},
		{Name: "then", Doc: "the query the application runs next with values from this one's result: manager (same table) or Table.query", Value: Value{Kind: String}},
		{Name: "callers", Doc: "where the code runs the query through a wrapper, as tablelint extract lists them (\"api/handler.go:31 (Handler.List)\"): a record for the reader; review ignores it", Value: Value{Kind: List, Elem: &Value{Kind: String}}},
	}
	tableFormat = []Field{
		{Name: "entities", Doc: "entity type name → entity type", Value: Value{Kind: Map, Elem: &Value{Kind: Object, Fields: entityFormat}}},
		{Name: "queries", Doc: "query name → query", Value: Value{Kind: Map, Elem: &Value{Kind: Object, Fields: queryFormat}}},
		{Name: "transactions", Doc: "group name → the entity types that must commit in one entity group transaction: [Employee, EmployeeByEmail] or [{Employee: 50}]",
			Value: Value{Kind: Map, Elem: &Value{Kind: List, Elem: &Value{Kind: MemberValue}}}},
		{Name: "discriminator", Doc: "the property that records each entity's type (the design guide's EntityType): entity types sharing a partition are told apart by it", Value: Value{Kind: String}},
	}
	designFormat = []Field{
		{Name: "version", Doc: "the design file format version: 1", Value: Value{Kind: Int, Min: 1, Enum: []string{"1"}}},
		{Name: "target", Doc: "storage (Azure Table storage, the default) or cosmos (the Cosmos DB Table API): limits and ordering differ",
			Value: Value{Kind: Enum, Enum: []string{"storage", "cosmos"}}},
		{Name: "throughput", Doc: "target cosmos: the account's throughput, against which the queries' request units are held and the month is priced: N (provisioned RU/s), {autoscale: N} (autoscale maximum RU/s) or serverless",
			Value: Value{Kind: ThroughputValue}},
		{Name: "tables", Required: true, Doc: "table name → table", Value: Value{Kind: Map, Elem: &Value{Kind: Object, Fields: tableFormat}}},
	}
)

// DesignFormat describes a design file: the top-level mapping's fields,
// and through them every mapping below.
var DesignFormat = Value{Kind: Object, Fields: designFormat}

// fieldNames returns the names of fields, for the loader's check of
// unknown keys.
func fieldNames(fields []Field) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.Name
	}
	return out
}
