// Package tracefmt is the workload trace format (docs/replay.md,
// "Workloads"): the operations of a trace, a Reader that parses JSON
// Lines one operation at a time with exact error positions, AppendOp
// that writes an operation back as one line, and the small JSON lexer
// both use. It depends on edm and the limits only, so the recorder
// (trace/), trace import and the REST classifier can use it without the
// reference engine.
package tracefmt
