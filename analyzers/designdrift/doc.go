// Package designdrift defines an Analyzer that compares Go code with the
// design file it implements.
//
// # Analyzer tabledesign
//
// tabledesign: report code that drifts from a design file (TL519,
// TL520); silent without -design.
//
// With -design FILE (`tablelint check --design FILE`, the golangci-lint
// setting `design`), the tables, entity types and queries the code has
// (extract.Describe: what `tablelint extract` writes) are matched with
// the design's by table, key shapes, properties and filter shape, not
// by names:
//
//   - TL519 undeclared-access-pattern: a query whose filter shape (every
//     value replaced by ?, the conditions of a top-level `and` in any
//     order) is not the shape of any query of its table in the design
//     (of any table when the code does not name the table).
//   - TL520 design-drift: a key whose shape contradicts the template of
//     the entity type it writes (other literal text, number or order of
//     parts, padding width, time layout, a time where the template has
//     none); a property written with another EDM type (numbers are one
//     type); an entity written to a table the design does not list.
//
// Unused returns TL521 unused-design-element findings for the design's
// queries and entity types no package matched; `tablelint check` reports
// them at the design's positions once every package is analysed.
//
// Test files (_test.go) are not compared: they are not the application's
// access patterns.
//
// Limits: a filter that could not be reconstructed, a key part that is
// any text, and a write that shares no property with any declared entity
// type are not compared. Filters match when their shapes are equal: an
// `or` written in another order, or a condition the code adds in one
// branch only, makes another shape.
package designdrift
