package replay

// BenchTrace gives the external tests (azurite_test.go) the benchmark
// trace generator.
var BenchTrace = benchTrace
