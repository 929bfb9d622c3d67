// Package reach decides, once per package, whether tablelint's analyzers
// can find anything in it, so that every driver pays next to nothing for
// the packages that cannot matter.
//
// A package reaches the SDK when it is, imports, or depends on the
// aztables SDK or the legacy storage package (Paths). Only such a package
// can hold a table call, or a function another package's table code
// calls that itself runs one. Reachability travels as the package fact
// Reaches: the analyzer exports it on every package that is an SDK
// package, imports one, or imports a package with the fact. Facts are
// what every driver gives an analyzer about its dependencies (go vet and
// `tablelint check` read dependencies from export data, whose package
// import lists are incomplete), so the answer does not depend on how a
// driver loaded them.
//
// A package is skipped (Skip) when it does not reach the SDK and it is
// part of the standard library or of a versioned module (a dependency
// from the module cache). The shared analyzers (index, ssabuild, flow)
// then return empty results at once, and every rule analyzer run through
// analyzers/all returns without running. Packages of the module being
// analysed (no module version) are analysed even when they cannot reach
// the SDK: their functions' value summaries (flow facts) describe helpers
// the table code of another package of the module calls — a function
// that builds a filter string from its parameters — and are what that
// package's analyzers read. A helper in a versioned module that cannot
// reach the SDK is not summarised, as the go vet driver and `tablelint
// check` skip such packages before loading them; the analyzers stay
// silent on what such a helper returns.
//
// golangci-lint type-checks and runs the fact analyzers on every
// dependency, the standard library included; this is what makes those
// runs cheap there.
package reach
