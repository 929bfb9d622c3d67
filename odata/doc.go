// Package odata parses the $filter dialect of Azure Table storage.
//
// The dialect is the subset of OData the Table service accepts: the
// comparison operators eq, ne, gt, ge, lt and le between a property name and
// a literal, the connectives and, or and not (not binds tighter than and,
// and tighter than or), and parentheses. Literals are strings in single
// quotes, a quote inside one written twice:
//
//	LastName eq 'O''Brien'
//
// Int32 (42, -7), Int64 (42L), Double (2.5, -0.25, 1e3), Boolean (true,
// false), datetime'…' (ISO 8601 UTC with up to seven fractional digits),
// guid'…', and binary as X'0aff' or binary'0aff'.
//
// The grammar is a participle grammar: the structs in grammar.go are both
// the grammar and the typed AST that the rest of tablelint consumes; its
// root is Expr, whose or-structure is in its struct tags, and the nodes
// parsed once or more per comparison (Term, Factor, Comparison) implement
// participle's Parseable hook, because participle's generic nodes cost a
// dozen allocations per comparison. A hand-written lexer (lexer.go) feeds
// it, giving every operator and every literal a single token type, so that
// a comparison is the fixed sequence Ident Op Literal. A cache of parsed
// shapes (shape.go) lets later filters that differ only in their literals
// skip the parser, and Shape gives any filter's shape as text (its
// literals replaced by "?"), which replay uses to group the queries of a
// trace (AppendShape, into a reused buffer). A Scratch parses filters
// that are used once into the nodes of an earlier filter of the same
// shape, so that a replay's filters allocate no tree each.
//
// Parse reads a filter as a client would send it. ParseTemplate reads a
// filter from a design file, where placeholders such as {Department} or
// {EmployeeId:%06d} stand for parameter values inside a literal's text or as
// a whole literal; they are kept in the AST as Params.
//
// Everything the Table service does not support — functions such as
// startswith, arithmetic, other query options — is rejected with an *Error
// whose Rule is "TL306" and a message saying so. Input is bounded (MaxLength
// bytes, MaxDepth nesting) so that no input can exhaust the stack.
//
// Quote escapes a string for a literal, and Eq, And, Or and Not build
// filters that are always valid and escaped.
package odata
