// Package ssabuild builds the SSA form (golang.org/x/tools/go/ssa) of
// the package under analysis for tablelint's value-flow layer. It plays
// the part of x/tools' buildssa pass, with three differences:
//
//   - Packages with type errors are built too. What is ill-typed is
//     left out of the copy of the syntax given to the SSA builder, never
//     guessed at: a statement whose results nothing uses and that is
//     ill-typed (an expression statement, a go or defer, calling what
//     did not resolve: a log line) is left out of its function, whose
//     other statements are built (pruned.go); a function or method whose
//     signature, or any other statement of its body, holds an expression
//     of invalid type, or one the type checker did not record (a use of
//     a package that did not import, an undefined name), keeps its
//     declaration without its body, so SSA treats it as external (it has
//     no blocks: it contributes nothing); a package-level
//     variable whose initializer is ill-typed is declared without it
//     (zero-valued); a constant of invalid type is left out. The
//     package's files themselves (pass.Files) are never modified.
//   - The standard library is not built: tablelint's analyzers model
//     the calls into it and summarise no standard function, so its SSA
//     could not matter. Its result there is an empty SSA.
//   - Which functions never return (os.Exit, log.Fatal, t.Fatal, a
//     helper that always calls one of them), which the builder uses to
//     cut the control-flow graph, is decided here, not by the ctrlflow
//     pass, so that nothing runs over the standard library: a table
//     names the standard (and a few logging) functions that never
//     return, and a fact carries the answer for the functions of other
//     packages.
//
// The result is a *buildssa.SSA: the package and its source functions
// (function literals after their enclosing function, in source order).
package ssabuild
