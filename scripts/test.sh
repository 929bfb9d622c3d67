#!/usr/bin/env bash
# The whole test suite, on a fresh machine with Go, Node.js/npm and
# Python 3 (no root needed; nothing is installed system-wide: tools go to
# tools/ and the user's cache): installs what the tests need, starts
# Azurite's Table service on 127.0.0.1, then runs
#
#   gofmt, go mod tidy -diff, go vet, staticcheck   (both modules: . and plugin/)
#   go test ./...                                     Azurite conformance tests included
#   go test -race -short (all but the analyzers' own packages, and flow's
#     shared-result test: see below)
#                                                     the data race detector
#   scripts/release.sh --snapshot                     two targets, checksums and --version checked
#   scripts/plugin-ci.sh                              the plugin inside the two newest golangci-lint v2 minors
#
# and stops Azurite again. CI (.ci/run) runs exactly this.
#
#   ./scripts/test.sh                 everything
#   ./scripts/test.sh -run TestFoo    only go test, with these arguments (Azurite still started)
#
# TABLELINT_AZURITE_START_TIMEOUT (seconds, default 60) bounds the wait
# for Azurite to start on a busy machine.
#
# Plain `go test ./...` needs none of this: without Azurite the
# conformance tests skip themselves.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

# Pinned tool versions.
STATICCHECK_VERSION=v0.8.2 # honnef.co/go/tools; 0.8.x supports Go 1.26
PRECOMMIT_VERSION=4.0.1    # https://pypi.org/project/pre-commit/

log() { printf '== %s\n' "$*" >&2; }
die() { printf 'scripts/test.sh: %s\n' "$*" >&2; exit 1; }
# Each step prints its wall time and the CPU time its processes used
# (user+system of this script's waited-for children, from /proc on
# Linux; 0 elsewhere): on a shared machine the wall time says little,
# and CPU-s / cores estimates an idle machine's.
clk_tck=$(getconf CLK_TCK 2>/dev/null || echo 100)
cpu_s() { awk -v hz="$clk_tck" '{ sub(/^.*\) /, ""); printf "%d", ($14 + $15) / hz }' "/proc/$$/stat" 2>/dev/null || echo 0; }
step() { log "$1"; local t0=$SECONDS c0; c0=$(cpu_s); shift; "$@"; log "  ($((SECONDS - t0))s, $(($(cpu_s) - c0)) CPU-s)"; }

cache=${XDG_CACHE_HOME:-$HOME/.cache}/tablelint
mkdir -p "$cache"

# What must be installed already, each one line naming what to install.
command -v go >/dev/null || die "Go is not installed: install Go 1.24 or later from https://go.dev/dl/ (staticcheck, which this script builds, needs Go 1.26)"
command -v git >/dev/null || die "git is not installed: install git (Debian/Ubuntu: apt-get install git)"
if [ ! -x tools/azurite/node_modules/.bin/azurite-table ]; then
  command -v node >/dev/null && command -v npm >/dev/null ||
    die "Node.js and npm are needed for Azurite, the Table service emulator: install Node.js 18 or later with npm (Debian/Ubuntu: apt-get install nodejs npm), or run plain 'go test ./...', which skips the Azurite tests"
else
  command -v node >/dev/null ||
    die "Node.js is needed to run Azurite, the Table service emulator: install Node.js 18 or later (Debian/Ubuntu: apt-get install nodejs)"
fi

log "go modules"
go mod download
(cd plugin && go mod download)

# Azurite: the Table service emulator the engine is checked against, pinned
# in tools/azurite/package-lock.json.
if [ ! -x tools/azurite/node_modules/.bin/azurite-table ]; then
  log "installing Azurite (npm ci)"
  (cd tools/azurite && npm ci --no-audit --no-fund --loglevel=error)
fi

# The SARIF multitool (Microsoft's validator, with GitHub's rules), pinned
# in tools/sarif-multitool/package-lock.json: TestSARIFMultitool validates
# every command's SARIF with it. npm may not run its install script, which
# only marks the native binary executable.
multitool=tools/sarif-multitool/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
if [ ! -f "$multitool" ] && [ "$(uname -s)" = Linux ]; then
  log "installing the SARIF multitool (npm ci)"
  (cd tools/sarif-multitool && npm ci --no-audit --no-fund --loglevel=error) ||
    log "SKIPPING the SARIF multitool validation: npm ci in tools/sarif-multitool failed"
fi
[ -f "$multitool" ] && chmod u+x "$multitool"

# pre-commit: the hooks in .pre-commit-hooks.yaml are tested through it.
# Used from PATH if there; else installed, pinned, into a virtualenv in
# the user's cache. If that fails, its tests are skipped, and this says so
# in one line: nothing is installed system-wide.
if command -v pre-commit >/dev/null 2>&1; then
  export TABLELINT_REQUIRE_PRECOMMIT=1
  log "pre-commit: $(pre-commit --version) from PATH"
else
  venv="$cache/pre-commit-$PRECOMMIT_VERSION"
  if [ ! -x "$venv/bin/pre-commit" ]; then
    log "installing pre-commit $PRECOMMIT_VERSION into $venv (python3 -m venv)"
    rm -rf "$venv"
    if ! { python3 -m venv "$venv" && "$venv/bin/pip" install -q --disable-pip-version-check --retries 1 --timeout 20 "pre-commit==$PRECOMMIT_VERSION"; } >"$cache/pre-commit-install.log" 2>&1; then
      rm -rf "$venv"
    fi
  fi
  if [ -x "$venv/bin/pre-commit" ]; then
    export PATH="$venv/bin:$PATH" TABLELINT_REQUIRE_PRECOMMIT=1
  else
    log "SKIPPING the pre-commit hook tests: pre-commit $PRECOMMIT_VERSION could not be installed into a virtualenv (python3 -m venv and pip; see $cache/pre-commit-install.log): install python3-venv, or put pre-commit==$PRECOMMIT_VERSION on PATH"
  fi
fi

# staticcheck, pinned, built once into the user's cache.
staticcheck="$cache/bin/staticcheck-$STATICCHECK_VERSION"
if [ ! -x "$staticcheck" ]; then
  log "installing staticcheck $STATICCHECK_VERSION"
  tmpbin=$(mktemp -d)
  (cd "$tmpbin" && GOFLAGS= GOBIN="$tmpbin" go install "honnef.co/go/tools/cmd/staticcheck@$STATICCHECK_VERSION")
  mkdir -p "$cache/bin"
  mv "$tmpbin/staticcheck" "$staticcheck"
  rm -rf "$tmpbin"
fi

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo 10902)
azlog=$(mktemp)
log "starting Azurite Table service on 127.0.0.1:$port"
tools/azurite/node_modules/.bin/azurite-table --tableHost 127.0.0.1 --tablePort "$port" \
  --inMemoryPersistence --skipApiVersionCheck --disableProductStyleUrl >"$azlog" 2>&1 &
azpid=$!
cleanup() { kill "$azpid" 2>/dev/null || true; wait "$azpid" 2>/dev/null || true; rm -f "$azlog"; }
trap cleanup EXIT
# A busy machine can take long to start Node.js: wait up to
# TABLELINT_AZURITE_START_TIMEOUT seconds (default 60).
aztimeout=${TABLELINT_AZURITE_START_TIMEOUT:-60}
case $aztimeout in '' | *[!0-9]*) die "TABLELINT_AZURITE_START_TIMEOUT=$aztimeout: want a whole number of seconds" ;; esac
azfail() {
  {
    printf 'scripts/test.sh: Azurite %s\n' "$1"
    printf -- '--- Azurite log (%s) ---\n' "$azlog"
    cat "$azlog"
    printf -- '--- end of log ---\n'
    printf 'What to do: on a busy machine, allow more time (TABLELINT_AZURITE_START_TIMEOUT=180 %s); if the log shows a Node.js error, install Node.js 18 or later; if it is broken, reinstall it (rm -rf tools/azurite/node_modules); or run plain go test ./..., which skips the Azurite tests.\n' "$0"
  } >&2
  exit 1
}
deadline=$((SECONDS + aztimeout))
until grep -q "successfully started" "$azlog"; do
  kill -0 "$azpid" 2>/dev/null || azfail "exited before it started"
  [ "$SECONDS" -lt "$deadline" ] || azfail "did not start in $aztimeout s"
  sleep 0.2
done
export TABLELINT_AZURITE_TABLE_ENDPOINT="http://127.0.0.1:$port/devstoreaccount1"
export TABLELINT_REQUIRE_AZURITE=1

if [ $# -gt 0 ]; then
  step "go test $*" go test -count=1 "$@" ./...
  exit 0
fi

start=$SECONDS
cpu0=$(cpu_s)
gofmt_check() {
  local unformatted
  # testdata/loadshapes/syntax-error/store/broken.go does not parse on purpose (issue 22).
  unformatted=$("$(go env GOROOT)/bin/gofmt" -l $(git ls-files '*.go' ':!testdata/loadshapes/syntax-error/store/broken.go' 2>/dev/null || find . -name '*.go' -not -path './tools/*' -not -path './testdata/loadshapes/syntax-error/store/broken.go'))
  if [ -n "$unformatted" ]; then printf 'gofmt would change:\n%s\n' "$unformatted" >&2; return 1; fi
}
tidy_check() {
  go mod tidy -diff || { echo "go.mod/go.sum are not tidy: run go mod tidy" >&2; return 1; }
  (cd plugin && go mod tidy -diff) || { echo "plugin/go.mod is not tidy: run (cd plugin && go mod tidy)" >&2; return 1; }
}
generated_check() {
  # Generated files are checked by tests (schema, docs/rules); this
  # catches a forgotten go generate before the slower steps.
  go test -count=1 -run 'TestDesignSchemaUpToDate' ./schema
}
step "gofmt" gofmt_check
step "go mod tidy -diff" tidy_check
step "go vet" sh -c 'go vet ./... && cd plugin && go vet ./...'
step "staticcheck $STATICCHECK_VERSION" sh -c "'$staticcheck' ./... && cd plugin && '$staticcheck' ./..."
step "generated files" generated_check
step "go test" sh -c 'go test -count=1 ./... && cd plugin && go test -count=1 ./...'
# The race detector over the unit tests; -short leaves out the long
# Azurite runs and fuzz-corpus sweeps, which add minutes and no new
# concurrency. The analyzers' own packages are left out: their tests
# are analysistest cases (5-10x slower under -race, most of this step)
# that start no goroutine of their own. What the race detector finds in
# them, state shared without synchronisation by passes over different
# packages (a package-level map in an analyzer, in analyzers/internal,
# internal/rules or internal/limits), it finds in
# cmd/tablelint's TestCheckEveryAnalyzer: check, the cache off, runs
# every analyzer, and extract, over corpora that make each one report,
# on many packages at once. analyzers/all stays (a checker run of every
# analyzer over the standard library in parallel). check runs the
# analyzers of one package one after another, go vet and golangci-lint
# at once: flow's TestSharedResult asks one package's value-flow result
# from several goroutines, as they do.
race_test() {
  local pkgs
  pkgs=$(go list ./...) || return 1
  # -timeout: cmd/tablelint's tests under -race take about 4 minutes on
  # an idle 2-core machine, past go test's default 10 on a busy one.
  go test -count=1 -race -short -timeout 30m $(grep -v '/analyzers/' <<<"$pkgs") ./analyzers/all &&
    go test -count=1 -race -run '^TestSharedResult$' ./analyzers/internal/flow
}
step "go test -race -short" race_test
snapshot() {
  local out
  out=$(mktemp -d)
  ./scripts/release.sh --snapshot --targets "$(go env GOHOSTOS)/$(go env GOHOSTARCH) windows/arm64" --out "$out/dist"
  rm -rf "$out"
}
step "release snapshot" snapshot
step "golangci-lint plugin" ./scripts/plugin-ci.sh
log "all checks passed in $((SECONDS - start))s ($(($(cpu_s) - cpu0)) CPU-s on $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') cores)"
