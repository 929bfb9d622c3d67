// Times Azurite's $filter parser over a file of filters (one a line, #
// comments), the anchor for tablelint's parse benchmarks.
//
//   node scripts/azurite-parse-bench.js [filters-file] [passes] [warm-up passes]
//
// Azurite is the pinned npm package in tools/azurite (AZURITE_MODULES
// overrides the node_modules directory). The script calls Azurite's parser;
// it contains none of its code. A pass parses every filter of the file
// once; the JIT is warmed by a count of passes (default 5,000), not by a
// length of time, so that a loaded machine warms it as much as a quiet one;
// then passes (default 5,000) are timed. It prints one line:
//   azurite-parse version=... filters=41 ns/filter=... cpu-ns/filter=... iterations=...
// ns/filter is wall time; cpu-ns/filter is the process's CPU time (user and
// system, all threads, so the collector's helper threads count) over the
// same loop, from process.cpuUsage(). What is timed is parseQuery alone:
// Azurite's lexer and recursive-descent parser building its query tree.
// Numbers and booleans become values as they are parsed; datetime'…',
// guid'…' and binary literals stay text until a query compares them. The
// check Azurite runs on the tree afterwards (validateQueryTree, a walk that
// counts property names) is not timed.
"use strict";
const fs = require("fs");
const path = require("path");

const root = path.resolve(__dirname, "..");
const modules = process.env.AZURITE_MODULES || path.join(root, "tools/azurite/node_modules");
const parserPath = path.join(modules, "azurite/dist/src/table/persistence/QueryInterpreter/QueryParser");
const parseQuery = require(parserPath).default;
const version = require(path.join(modules, "azurite/package.json")).version;

const file = process.argv[2] || path.join(root, "testdata/filters/bench41.txt");
const passes = Number(process.argv[3] || 5000);
const warmPasses = Number(process.argv[4] || 5000);
if (!(passes >= 1 && warmPasses >= 0)) throw new Error("passes must be a positive count, warm-up passes a count");
const filters = fs.readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "" && !l.startsWith("#"));

let sink = 0;
function once() {
  for (const f of filters) {
    const node = parseQuery(f);
    if (node === undefined) throw new Error("no tree for " + f);
    sink ^= 1;
  }
}

// Every filter must parse: a benchmark of errors measures nothing.
for (const f of filters) parseQuery(f);

// Warm up the JIT by a count of passes, then measure a count of passes.
for (let k = 0; k < warmPasses; k++) once();
const iterations = passes;
const cpu0 = process.cpuUsage();
const start = process.hrtime.bigint();
for (let k = 0; k < passes; k++) once();
const now = process.hrtime.bigint();
const cpu = process.cpuUsage(cpu0); // microseconds
const n = iterations * filters.length;
const ns = Number(now - start) / n;
const cpuNs = ((cpu.user + cpu.system) * 1000) / n;
console.log(`azurite-parse version=${version} filters=${filters.length} ns/filter=${ns.toFixed(1)} cpu-ns/filter=${cpuNs.toFixed(1)} iterations=${iterations}${sink < 0 ? "" : ""}`);
