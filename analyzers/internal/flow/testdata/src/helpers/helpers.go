// Package helpers holds helpers another package calls: their
// summaries reach it as facts.
package helpers

import (
	"fmt"
	"strings"
	"time"
)

// Reverse formats inverted ticks at a fixed width: digits only.
func Reverse(t time.Time) string {
	return fmt.Sprintf("%019d", 9223372036854775807-t.UnixNano())
}

// Month buckets an entity's creation time.
func Month(e *Event) string { return e.CreatedAt.Format("2006-01") }

// Event is an entity with a creation time.
type Event struct {
	ID        string
	CreatedAt time.Time
}

// Key joins a tenant and an id.
func Key(tenant, id string) string { return tenant + "|" + id }

// Cond is a user-written filter combinator.
type Cond struct{ s string }

// Eq compares a field with a quoted value.
func Eq(field, value string) Cond {
	return Cond{s: fmt.Sprintf("%s eq '%s'", field, value)}
}

// And joins two conditions.
func And(a, b Cond) Cond { return Cond{s: "(" + a.s + ") and (" + b.s + ")"} }

// String returns the filter text.
func (c Cond) String() string { return c.s }

// Clauses returns clauses for a join.
func Clauses(pk string) []string { return []string{"PartitionKey eq '" + pk + "'"} }

// Quoted doubles quotes.
func Quoted(s string) string { return strings.ReplaceAll(s, "'", "''") }
