#!/usr/bin/env bash
# The whole test suite, on a fresh machine: installs what the tests need,
# starts Azurite's Table service on 127.0.0.1, runs gofmt, go vet and
# go test ./..., and stops Azurite again.
#
#   ./scripts/test.sh                 everything (what CI runs)
#   ./scripts/test.sh -run TestFoo    extra arguments go to go test
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

log() { printf '== %s\n' "$*" >&2; }

log "go modules"
go mod download

# Azurite: the Table service emulator the engine is checked against, pinned
# in tools/azurite/package-lock.json.
if [ ! -x tools/azurite/node_modules/.bin/azurite-table ]; then
  log "installing Azurite (npm ci)"
  (cd tools/azurite && npm ci --no-audit --no-fund --loglevel=error)
fi

# pre-commit: the hooks in .pre-commit-hooks.yaml are tested through it.
if ! command -v pre-commit >/dev/null 2>&1; then
  log "installing pre-commit (apt-get)"
  if command -v apt-get >/dev/null 2>&1; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pre-commit; } >/dev/null 2>&1 \
      || log "could not install pre-commit; its tests will be skipped"
  fi
fi

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo 10902)
azlog=$(mktemp)
log "starting Azurite Table service on 127.0.0.1:$port"
tools/azurite/node_modules/.bin/azurite-table --tableHost 127.0.0.1 --tablePort "$port" \
  --inMemoryPersistence --skipApiVersionCheck --disableProductStyleUrl >"$azlog" 2>&1 &
azpid=$!
cleanup() { kill "$azpid" 2>/dev/null || true; wait "$azpid" 2>/dev/null || true; rm -f "$azlog"; }
trap cleanup EXIT
for _ in $(seq 1 100); do
  grep -q "successfully started" "$azlog" && break
  kill -0 "$azpid" 2>/dev/null || { cat "$azlog" >&2; echo "Azurite did not start" >&2; exit 1; }
  sleep 0.1
done
grep -q "successfully started" "$azlog" || { cat "$azlog" >&2; echo "Azurite did not start in 10 s" >&2; exit 1; }
export TABLELINT_AZURITE_TABLE_ENDPOINT="http://127.0.0.1:$port/devstoreaccount1"
export TABLELINT_REQUIRE_AZURITE=1

log "gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './tools/*'))
if [ -n "$unformatted" ]; then printf 'gofmt would change:\n%s\n' "$unformatted" >&2; exit 1; fi

log "go vet"
go vet ./...

log "go test"
go test -count=1 "$@" ./...
