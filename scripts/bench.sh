#!/usr/bin/env bash
# Measures what users wait for: the $filter parser against Azurite's, the
# replay from 10 k to 1 M (or 10 M) operations, the replay of one trace
# against Azurite, and the reference engine (load, point gets, scans).
# Every figure with an anchor is measured next to it, in the same run, in
# alternating rounds, so that the ratio holds even when other processes
# load the machine. The results replace the section between the
# "bench.sh" markers in docs/benchmarks.md (other sections are kept).
#
#   ./scripts/bench.sh              all rows, 3 rounds (a few minutes)
#   ./scripts/bench.sh --10m        also replay 10 M operations (minutes, GiBs)
#   ROUNDS=5 ./scripts/bench.sh     more rounds
#   QUIET=8 ./scripts/bench.sh      before each step, wait (at most QUIET_WAIT
#                                   seconds, default 600) for the 1-minute load
#                                   average to fall to 8 or below
#   OUT=/tmp/b.md ./scripts/bench.sh  write elsewhere
#   PARSE_ONLY=1 ./scripts/bench.sh  only the parser against Azurite: print
#                                   its rows and the raw lines, write nothing
#
# Azurite is the npm package pinned in tools/azurite (installed by npm ci
# there, or linked from another checkout).
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${ROUNDS:-3}
out=${OUT:-docs/benchmarks.md}
tenm=false
[ "${1:-}" = "--10m" ] && tenm=true

log() { printf '== %s\n' "$*" >&2; }
raw=$(mktemp -d)
azpid=
cleanup() {
  if [ -n "$azpid" ]; then kill "$azpid" 2>/dev/null || true; wait "$azpid" 2>/dev/null || true; fi
  rm -rf "$raw"
}
trap cleanup EXIT

# metric FILE NAME UNIT: every value of UNIT on the benchmark lines NAME.
metric() {
  awk -v n="^$2-[0-9]+\$" -v u="$3" '$1 ~ n { for (i = 2; i <= NF; i++) if ($i == u) print $(i-1) }' "$1"
}
# median: the median of the numbers on stdin.
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR+1)/2]; else print (v[NR/2] + v[NR/2+1]) / 2 }'; }
med() { metric "$1" "$2" "$3" | median; }
# fmt1 X: X with one decimal (n/a stays).
fmt1() { awk -v x="$1" 'BEGIN { if (x == "n/a") print x; else printf "%.1f", x }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "n/a" || b == "n/a" || b == 0) print "n/a"; else printf "%.2f", a / b }'; }
load() { cut -d' ' -f1-3 /proc/loadavg; }
# quiet: with QUIET set, wait until the 1-minute load average is at most
# QUIET, or QUIET_WAIT seconds have passed; then record the load.
quiet() {
  if [ -n "${QUIET:-}" ]; then
    local waited=0
    while awk -v q="$QUIET" '{ exit !($1 > q) }' /proc/loadavg && [ "$waited" -lt "${QUIET_WAIT:-600}" ]; do
      sleep 10
      waited=$((waited + 10))
    done
  fi
  loads+=("$(load)")
}

cpumodel=$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -1)
machine="$(nproc) CPUs, ${cpumodel:-unknown CPU}, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
goversion=$(go version | cut -d' ' -f3-)
command -v node >/dev/null 2>&1 || { echo "bench.sh: Node.js is needed for the Azurite rows: install Node.js 18 or later with npm" >&2; exit 2; }
nodeversion=$(node --version)
# Azurite, pinned in tools/azurite/package-lock.json, as scripts/test.sh
# installs it.
if [ ! -x tools/azurite/node_modules/.bin/azurite-table ]; then
  command -v npm >/dev/null 2>&1 || { echo "bench.sh: npm is needed to install Azurite (tools/azurite): install npm" >&2; exit 2; }
  log "installing Azurite (npm ci)"
  (cd tools/azurite && npm ci --no-audit --no-fund --loglevel=error)
fi
loads=()

log "building the test binaries"
go test -c -o "$raw/odata.test" ./odata
if [ -z "${PARSE_ONLY:-}" ]; then
  go test -c -o "$raw/replay.test" ./engine/replay
  go test -c -o "$raw/store.test" ./engine/store
  go test -c -o "$raw/exec.test" ./engine/exec
fi
gobench() { # gobench BINARY PKGDIR ARGS...: run a test binary in its package directory
  local bin=$1 dir=$2
  shift 2
  (cd "$dir" && "$bin" -test.run '^$' "$@")
}

# 1. The parser: parse + plan over the 41 filters of
#    testdata/filters/bench41.txt, cold (no shape cache) and warm, against
#    Azurite's parser over the same file. The two sides alternate in short
#    rounds (PARSE_ROUNDS, default 3 × ROUNDS; each a node run, then a Go
#    run), and the figures are the medians of the per-round ratios, by wall
#    time and by CPU time of the process, so that a change of load between
#    rounds moves both sides of a ratio alike. Node's JIT is warmed by a
#    count of passes over the file (NODE_WARM, default 5000), not by a
#    length of time: under load a timed warm-up ends before the JIT has
#    compiled the parser. Then the parse scaling.
parse_rounds=${PARSE_ROUNDS:-$((rounds * 3))}
node_passes=${NODE_PASSES:-2000}
node_warm=${NODE_WARM:-5000}
quiet
for r in $(seq 1 "$parse_rounds"); do
  log "parser vs Azurite, round $r/$parse_rounds (load $(load))"
  node scripts/azurite-parse-bench.js testdata/filters/bench41.txt "$node_passes" "$node_warm" >>"$raw/azurite-parse.txt"
  gobench "$raw/odata.test" odata -test.bench 'ParsePlan41' -test.benchtime 0.5s >>"$raw/parse.txt"
done
for r in $(seq 1 "$rounds"); do
  log "parse scaling, round $r/$rounds (load $(load))"
  gobench "$raw/odata.test" odata -test.bench 'ParseScaling' -test.benchtime 1s >>"$raw/parse.txt"
done
loads+=("$(load)")
# azfield NAME: the values of NAME= on Azurite's lines, one a round.
azfield() { awk -v k="$1=" '{ for (i = 1; i <= NF; i++) if (index($i, k) == 1) print substr($i, length(k) + 1) }' "$raw/azurite-parse.txt"; }
# ratios A B: A/B for each round (A and B hold one value a line, in round order).
ratios() { paste -d' ' <(printf '%s\n' "$1") <(printf '%s\n' "$2") | awk 'NF == 2 && $2 > 0 { printf "%.4f\n", $1 / $2 }'; }
# span: "min–max" of the numbers on stdin, two decimals.
span() { sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { if (NR) printf "%.2f–%.2f", lo, hi; else print "n/a" }'; }
az_ns=$(azfield ns/filter)
az_cpu=$(azfield cpu-ns/filter)
az_parse=$(printf '%s\n' "$az_ns" | median)
az_parse_cpu=$(printf '%s\n' "$az_cpu" | median)
az_version=$(azfield version | head -1)
cold_ns=$(metric "$raw/parse.txt" BenchmarkParsePlan41/cold ns/filter)
cold_cpu=$(metric "$raw/parse.txt" BenchmarkParsePlan41/cold cpu-ns/filter)
warm_ns=$(metric "$raw/parse.txt" BenchmarkParsePlan41/warm ns/filter)
warm_cpu=$(metric "$raw/parse.txt" BenchmarkParsePlan41/warm cpu-ns/filter)
cold=$(printf '%s\n' "$cold_ns" | median)
warm=$(printf '%s\n' "$warm_ns" | median)
cold_allocs=$(med "$raw/parse.txt" BenchmarkParsePlan41/cold allocs/filter)
warm_allocs=$(med "$raw/parse.txt" BenchmarkParsePlan41/warm allocs/filter)
cold_ratio=$(ratios "$cold_ns" "$az_ns" | median)
cold_span=$(ratios "$cold_ns" "$az_ns" | span)
cold_cpu_ratio=$(ratios "$cold_cpu" "$az_cpu" | median)
warm_ratio=$(ratios "$az_ns" "$warm_ns" | median)
warm_span=$(ratios "$az_ns" "$warm_ns" | span)
warm_cpu_ratio=$(ratios "$az_cpu" "$warm_cpu" | median)
two() { awk -v x="$1" 'BEGIN { if (x == "n/a" || x == "") print "n/a"; else printf "%.2f", x }'; }
scaling=""
for mode in cold warm; do
  row="| parse scaling, $mode: 1 / 5 / 15 comparisons | absolute |"
  t="" bytes=""
  for n in 1 5 15; do
    t+="$(fmt1 "$(awk -v x="$(med "$raw/parse.txt" "BenchmarkParseScaling/cmp=$n/$mode" ns/op)" 'BEGIN { printf "%.2f", x / 1000 }')") / "
    bytes+="$(med "$raw/parse.txt" "BenchmarkParseScaling/cmp=$n/$mode" B/op) / "
  done
  scaling+="$row ${t% / } µs; ${bytes% / } B per parse | — |"$'\n'
done

parse_rows() {
  echo "| parse + plan, 41 filters, cold (shape cache off) vs Azurite's parser | ratio | $(fmt1 "$cold") ns vs $(fmt1 "$az_parse") ns a filter: **$(two "$cold_ratio")×** Azurite's time (median of $parse_rounds alternating rounds, range $cold_span), $(two "$cold_cpu_ratio")× by CPU time; $(fmt1 "$cold_allocs") allocations a filter | ≤ 1.0×, < 64 allocations |"
  echo "| same, warm (shape cache) | ratio | $(fmt1 "$warm") ns, $(fmt1 "$warm_allocs") allocations a filter: **$(two "$warm_ratio")× faster** than Azurite (range $warm_span), $(two "$warm_cpu_ratio")× by CPU time | ≥ 10× faster |"
  printf '%s' "$scaling"
}
if [ -n "${PARSE_ONLY:-}" ]; then
  echo "Load average (1, 5, 15 min) before and after: $(printf '%s; ' "${loads[@]}" | sed 's/; $//')."
  parse_rows
  grep -hE '^(BenchmarkParse|azurite-parse)' "$raw/azurite-parse.txt" "$raw/parse.txt"
  exit 0
fi

# 2. Replay scaling: 10 k, 100 k, 1 M (and 10 M) operations over 1,000
#    partitions, from a file, end to end.
quiet
log "replay scaling (load $(load))"
args=(-test.bench 'ReplayScaling' -test.benchtime 1x)
$tenm && args+=(-replay10m)
gobench "$raw/replay.test" engine/replay "${args[@]}" >"$raw/replay.txt"
replay_rows=""
prev="" prevwall="" prevrss=""
for n in 10000 100000 1000000 10000000; do
  name="BenchmarkReplayScaling/ops=$n"
  wall=$(med "$raw/replay.txt" "$name" ns/op)
  [ "$wall" = "n/a" ] && continue
  cpu=$(med "$raw/replay.txt" "$name" cpu-s/op)
  per=$(med "$raw/replay.txt" "$name" ns/operation)
  heap=$(med "$raw/replay.txt" "$name" peak-heap-MiB)
  rss=$(med "$raw/replay.txt" "$name" peak-RSS-MiB)
  grow=""
  [ -n "$prev" ] && grow=" (for ×10 operations: ×$(ratio "$cpu" "$prev") CPU, ×$(ratio "$wall" "$prevwall") wall, ×$(ratio "$rss" "$prevrss") RSS)"
  replay_rows+="| replay $n operations | absolute; growth a ratio | $(awk -v x="$wall" 'BEGIN { printf "%.2f", x / 1e9 }') s wall, ${cpu} s CPU, $(fmt1 "$per") ns/operation, peak RSS $(fmt1 "$rss") MiB, peak heap $(fmt1 "$heap") MiB$grow | linear$([ "$n" = 10000000 ] && echo '; ≤ 25 CPU-s' || true) |"$'\n'
  prev=$cpu prevwall=$wall prevrss=$rss
done

# 3. The same 10 k trace replayed on the reference engine and on Azurite.
if [ -x tools/azurite/node_modules/.bin/azurite-table ]; then
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  tools/azurite/node_modules/.bin/azurite-table --tableHost 127.0.0.1 --tablePort "$port" \
    --inMemoryPersistence --skipApiVersionCheck --disableProductStyleUrl >"$raw/azurite.log" 2>&1 &
  azpid=$!
  for _ in $(seq 1 100); do grep -q "successfully started" "$raw/azurite.log" && break; sleep 0.1; done
  export TABLELINT_AZURITE_TABLE_ENDPOINT="http://127.0.0.1:$port/devstoreaccount1"
  for r in $(seq 1 "$rounds"); do
    quiet
    log "replay vs Azurite, round $r/$rounds (load $(load))"
    gobench "$raw/replay.test" engine/replay -test.bench '^Benchmark(Azurite)?Replay10k$' -test.benchtime 3x >>"$raw/vsazurite.txt"
  done
  ref10k=$(med "$raw/vsazurite.txt" BenchmarkReplay10k ns/op)
  az10k=$(med "$raw/vsazurite.txt" BenchmarkAzuriteReplay10k ns/op)
  vs_azurite="| replay 10 k trace vs Azurite, same trace | ratio | $(awk -v x="$ref10k" 'BEGIN { printf "%.1f", x / 1e6 }') ms vs $(awk -v x="$az10k" 'BEGIN { printf "%.0f", x / 1e6 }') ms: **$(ratio "$az10k" "$ref10k")× faster** | ≥ 100× |"
else
  vs_azurite="| replay 10 k trace vs Azurite | ratio | not measured: Azurite is not installed in tools/azurite | ≥ 100× |"
fi

# 4. The engine: load 1 M entities, point gets, a partition scan. Each
#    runs once a round in its own process (ROUNDS rounds, alternating), and
#    the rows are the medians; the first round takes a CPU profile of each.
: >"$raw/engine.txt"
: >"$raw/engine-nogc.txt"
for r in $(seq 1 "$rounds"); do
  quiet
  log "engine, round $r/$rounds (load $(load))"
  prof() { [ "$r" = 1 ] && echo -test.cpuprofile "$raw/$1.prof"; true; }
  # shellcheck disable=SC2046
  gobench "$raw/store.test" engine/store -test.bench 'Load1M' -test.benchtime 1x $(prof load) >>"$raw/engine.txt"
  # shellcheck disable=SC2046
  gobench "$raw/store.test" engine/store -test.bench '^BenchmarkGet$' -test.benchtime 2000000x $(prof get) >>"$raw/engine.txt"
  gobench "$raw/store.test" engine/store -test.bench '^BenchmarkGetMany$' -test.benchtime 2000000x >>"$raw/engine.txt"
  gobench "$raw/store.test" engine/store -test.bench '^BenchmarkGetProperty$' -test.benchtime 2000000x >>"$raw/engine.txt"
  gobench "$raw/store.test" engine/store -test.bench '^BenchmarkLookup$' -test.benchtime 2000000x >>"$raw/engine.txt"
  # shellcheck disable=SC2046
  gobench "$raw/exec.test" engine/exec -test.bench 'PartitionScan' -test.benchtime 5x $(prof scan) >>"$raw/engine.txt"
  # The same load with the collector off: the difference is what marking
  # the live heap costs.
  GOGC=off gobench "$raw/store.test" engine/store -test.bench 'Load1M' -test.benchtime 1x >>"$raw/engine-nogc.txt"
done
load1m=$(med "$raw/engine.txt" BenchmarkLoad1M ns/op)
load1m_nogc=$(med "$raw/engine-nogc.txt" BenchmarkLoad1M ns/op)
gets=$(med "$raw/engine.txt" BenchmarkGet gets/s)
gets_cpu=$(med "$raw/engine.txt" BenchmarkGet gets/cpu-s)
getmany=$(med "$raw/engine.txt" BenchmarkGetMany gets/s)
getmany_cpu=$(med "$raw/engine.txt" BenchmarkGetMany gets/cpu-s)
getp=$(med "$raw/engine.txt" BenchmarkGetProperty gets/s)
getp_cpu=$(med "$raw/engine.txt" BenchmarkGetProperty gets/cpu-s)
lookup=$(med "$raw/engine.txt" BenchmarkLookup gets/s)
lookup_cpu=$(med "$raw/engine.txt" BenchmarkLookup gets/cpu-s)
scan=$(med "$raw/engine.txt" BenchmarkPartitionScan entities/s)
scan_cpu=$(med "$raw/engine.txt" BenchmarkPartitionScan entities/cpu-s)
load1m_cpu=$(med "$raw/engine.txt" BenchmarkLoad1M cpu-s/op)
profile() { # profile NAME BINARY PROF [PPROF FLAGS]: the top of a CPU profile as a Markdown block
  local name=$1 bin=$2 prof=$3
  shift 3
  printf '\n%s (`go tool pprof -top%s`, first lines):\n\n```\n' "$name" "${*:+ $*}"
  go tool pprof -top -nodecount 12 "$@" "$bin" "$prof" 2>/dev/null | sed -n '/flat%/,$p'
  printf '```\n'
}
# The get and scan benchmarks build their 1 M-entity table first; their
# profiles leave that setup (and the collector's work on its garbage) out.
setup='loaded|readOrder|benchTable|employee|MakeEntity|gcBgMarkWorker|bgsweep|runtime.GC$'

loads+=("$(load)")

section=$(mktemp)
{
  echo "<!-- bench.sh:begin (written by scripts/bench.sh; edits here are overwritten) -->"
  echo "## Parser, replay and engine"
  echo
  echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') by \`./scripts/bench.sh$($tenm && echo ' --10m')\` (ROUNDS=$rounds) on $machine; $goversion, node $nodeversion, Azurite ${az_version:-?}."
  echo "Load average (1, 5, 15 min) at each step: $(printf '%s; ' "${loads[@]}" | sed 's/; $//')."
  gocpu=$(sed -n 's/^cpu: *//p' "$raw/parse.txt" | head -1 | sed 's/ *$//')
  echo "The CPU as \`go test\` names it: ${gocpu:-?}."
  echo "Rows of kind *ratio* compare two programs measured in alternating rounds on the same machine: they carry to other machines. Rows of kind *absolute* (times, rates, bytes) hold for this CPU at this load only; on a shared machine compare their CPU-seconds, which the load moves less than wall time."
  echo
  echo "| figure | kind | measured | goal |"
  echo "|---|---|---|---|"
  parse_rows
  printf '%s' "$replay_rows"
  echo "| engine: load 1 M / point gets / partition scan (medians of $rounds runs, a process each) | absolute | $(awk -v x="$load1m" 'BEGIN { printf "%.2f", x / 1e9 }') s ($(awk -v x="$load1m_nogc" 'BEGIN { printf "%.2f", x / 1e9 }') s with GOGC=off) / $(awk -v x="$gets" 'BEGIN { printf "%.2f", x / 1e6 }') M gets/s / $(awk -v x="$scan" 'BEGIN { printf "%.1f", x / 1e6 }') M entities/s | — |"
  echo "| same, per CPU-second of the process (what the machine's load changes least) | absolute | load $(awk -v x="$load1m_cpu" 'BEGIN { if (x == "n/a") print x; else printf "%.2f", x }') CPU-s / $(awk -v x="$gets_cpu" 'BEGIN { printf "%.2f", x / 1e6 }') M gets / $(awk -v x="$scan_cpu" 'BEGIN { printf "%.1f", x / 1e6 }') M entities scanned | ≤ 1 CPU-s / ≥ 3 M / ≥ 20 M |"
  echo "| point gets read 16 at a time (\`Table.LookupMany\`, as the replay reads a run of consecutive gets): the same keys in the same order as the row above | absolute; against single gets a ratio | $(awk -v x="$getmany" 'BEGIN { printf "%.2f", x / 1e6 }') M gets/s, $(awk -v x="$getmany_cpu" 'BEGIN { printf "%.2f", x / 1e6 }') M per CPU-second: $(ratio "$getmany_cpu" "$gets_cpu")× the single gets a CPU-second of this run | ≥ 3 M per CPU-second |"
  echo "| point gets that read a property of the entity | absolute | $(awk -v x="$getp" 'BEGIN { printf "%.2f", x / 1e6 }') M gets/s, $(awk -v x="$getp_cpu" 'BEGIN { printf "%.2f", x / 1e6 }') M per CPU-second | — |"
  echo "| point gets that return a new entity (\`Table.Lookup\`, one allocation a get) | absolute | $(awk -v x="$lookup" 'BEGIN { printf "%.2f", x / 1e6 }') M gets/s, $(awk -v x="$lookup_cpu" 'BEGIN { printf "%.2f", x / 1e6 }') M per CPU-second | — |"
  echo "$vs_azurite"
  echo
  echo "Each figure's benchmark: \`BenchmarkParsePlan41\` and \`BenchmarkParseScaling\` (odata), \`scripts/azurite-parse-bench.js\` (Azurite's parser over the same file, after a JIT warm-up of $node_warm passes over it, then $node_passes passes timed; it times Azurite's parseQuery, which lexes and builds Azurite's query tree, turning numbers and booleans into values, while tablelint's side lexes, checks the tokens, parses, decodes every literal, datetime, guid and binary included, and plans the query), \`BenchmarkReplayScaling\` (engine/replay; \`-replay10m\` adds 10 M), \`BenchmarkReplay10k\` and \`BenchmarkAzuriteReplay10k\` (engine/replay), \`BenchmarkLoad1M\`, \`BenchmarkGet\`, \`BenchmarkGetMany\`, \`BenchmarkGetProperty\` and \`BenchmarkLookup\` (engine/store), \`BenchmarkPartitionScan\` (engine/exec). The point-gets rows read 1 M-entity tables by key in one stride order: \`BenchmarkGet\` one key a call (\`Table.LookupInto\`, two dependent cache misses a get, one after another), \`BenchmarkGetMany\` the same keys 16 a call (\`Table.LookupMany\`, whose misses overlap); both count entities read."
  profile "Load 1 M" "$raw/store.test" "$raw/load.prof"
  profile "Point gets" "$raw/store.test" "$raw/get.prof" -ignore "$setup"
  profile "Partition scan" "$raw/exec.test" "$raw/scan.prof" -ignore "$setup"
  echo
  echo "Raw output of this run:"
  echo
  echo '```'
  cat "$raw/azurite-parse.txt" "$raw/parse.txt" "$raw/replay.txt" "$raw/engine.txt" "$raw/engine-nogc.txt" ${az10k:+"$raw/vsazurite.txt"} | grep -E '^(Benchmark|azurite-parse)'
  echo '```'
  echo "<!-- bench.sh:end -->"
} >"$section"

# Replace the section in $out, keeping everything else; write atomically.
scripts/write-section.sh bench.sh "$section" "$out"
rm -f "$section"
log "wrote $out"
