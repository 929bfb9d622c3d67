#!/usr/bin/env bash
# Builds a golangci-lint that includes tablelint's module plugin with the
# real `golangci-lint custom`, from the .custom-gcl.yml route
# docs/golangci.md documents for a local checkout (plugin and analyzers
# both by path: no hidden replace), checks that the binary holds this
# checkout's analyzers, runs it with the .golangci.yml of docs/golangci.md
# as copied on plugin/testdata/gcl (a module with one known finding),
# then with --fix on a copy with TL204 keys, and builds the result.
#
#   ./scripts/plugin-ci.sh              the newest golangci-lint v2 minor and the one before
#   ./scripts/plugin-ci.sh v2.15.0 ...  these versions
#
# `golangci-lint custom` clones golangci-lint's git repository at the
# version's tag (the `version:` of .custom-gcl.yml, whichever golangci-lint
# runs it). Where the git host cannot be reached, this script serves the
# same source, taken from the Go module proxy (the module zip of that
# version), as a local git repository with that tag, and points git at it
# (url.<local>.insteadOf, through GIT_CONFIG_* variables, which
# `golangci-lint custom` passes to git). One golangci-lint runs `custom`
# for every version: the newest, built from that repository. Every build
# is -trimpath, so the newest version's `custom` build reuses the compiled
# packages of the one that runs it (without -trimpath, the build cache
# keys each package by its directory, and `custom` builds in a new
# temporary directory every time). Module downloads come from GOPROXY.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

log() { printf '== %s\n' "$*" >&2; }
die() { printf 'plugin-ci: %s\n' "$*" >&2; exit 1; }

gcl=github.com/golangci/golangci-lint/v2
gcl_git=https://github.com/golangci/golangci-lint.git
if [ $# -gt 0 ]; then
  mapfile -t versions < <(printf '%s\n' "$@" | sort -V -u)
else
  # The newest release of the two most recent minor versions.
  mapfile -t versions < <(go list -m -versions "$gcl" | tr ' ' '\n' | grep -E '^v2\.[0-9]+\.[0-9]+$' |
    sort -V | awk -F. '{m=$1"."$2; last[m]=$0; if (!(m in seen)) {seen[m]=1; order[++n]=m}} END {for (i=n-1; i<=n; i++) if (i>0) print last[order[i]]}')
fi
[ ${#versions[@]} -gt 0 ] || die "no golangci-lint v2 version found on the module proxy"
newest=${versions[${#versions[@]}-1]}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# golangci-lint caches issues by the linted package's content, not by the
# linter's code: a shared cache would report (and fix) what an earlier
# build of the plugin found.
export GOLANGCI_LINT_CACHE="$work/golangci-cache"

# The documented configuration files, extracted from docs/golangci.md:
# CI runs them as a user would copy them.
doc_block() { # the fenced yaml block after the line "`$1`:" (a local or the plain one)
  awk -v want="$1" '
    index($0, want) == 1 { found = 1; next }
    found && /^```yaml$/ { inside = 1; next }
    inside && /^```$/ { exit }
    inside { print }' docs/golangci.md
}
doc_custom=$(doc_block '`.custom-gcl.yml` for a local checkout')
doc_golangci=$(doc_block '`.golangci.yml`:')
[ -n "$doc_custom" ] && [ -n "$doc_golangci" ] || die "docs/golangci.md lacks the .custom-gcl.yml or .golangci.yml block"

# golangci-lint's source as a local git repository: one commit per version
# (from the module proxy's zip), tagged with the version.
mirror="$work/golangci-lint.git"
git init -q "$mirror"
for v in "${versions[@]}"; do
  src=$(go mod download -json "$gcl@$v" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [ -d "$src" ] || die "go mod download $gcl@$v: no source directory"
  (
    cd "$mirror"
    git checkout -q --orphan "src-$v"
    git rm -rq --cached . >/dev/null 2>&1 || true
    find . -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
    cp -r "$src"/. .
    chmod -R u+w .
    git add -A
    git -c user.name=plugin-ci -c user.email=plugin-ci@localhost commit -qm "golangci-lint $v from the Go module proxy"
    git tag "$v"
  )
done
export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0="url.file://$mirror.insteadOf" GIT_CONFIG_VALUE_0="$gcl_git"
export GOFLAGS="-trimpath${GOFLAGS:+ $GOFLAGS}"

# The golangci-lint that runs `custom`: the newest version, built once
# from the same source `custom` clones.
log "golangci-lint $newest (runs \`custom\` for ${versions[*]})"
start=$(date +%s)
git clone -q -c advice.detachedHead=false --depth 1 --branch "$newest" "$gcl_git" "$work/runner-src"
mkdir -p "$work/bin"
(cd "$work/runner-src" && go build -o "$work/bin/golangci-lint" ./cmd/golangci-lint)
log "golangci-lint $newest built in $(( $(date +%s) - start ))s"

# Newest first: its `custom` build reuses the runner's compiled packages.
for ((i = ${#versions[@]} - 1; i >= 0; i--)); do
  v=${versions[i]}
  log "golangci-lint $v custom + tablelint plugin (by path)"
  dir="$work/$v"
  mkdir -p "$dir"
  # The documented local-checkout .custom-gcl.yml, with this checkout's
  # path and this version.
  printf '%s\n' "$doc_custom" |
    sed -e "s#^version: .*#version: $v#" -e "s#path: /path/to/tablelint#path: $root#" -e "s#^destination: .*#destination: $dir#" >"$dir/.custom-gcl.yml"
  grep -q "path: $root/plugin" "$dir/.custom-gcl.yml" && grep -q "path: $root\$" "$dir/.custom-gcl.yml" ||
    die "the documented .custom-gcl.yml does not name the checkout by path:
$(cat "$dir/.custom-gcl.yml")"
  start=$(date +%s)
  (cd "$dir" && "$work/bin/golangci-lint" custom -v) || die "golangci-lint $v custom failed"
  log "golangci-lint custom built in $(( $(date +%s) - start ))s"
  [ -x "$dir/custom-gcl" ] || die "golangci-lint $v custom made no $dir/custom-gcl"
  # It is version v that was built, not the runner's: the module's
  # version stamped from the cloned tag (+dirty: `custom` edits go.mod),
  # and the version the binary reports.
  built=$(go version -m "$dir/custom-gcl" | awk -v m="$gcl" '$1 == "mod" && $2 == m {print $3}')
  reported=$("$dir/custom-gcl" --version 2>&1 || true)
  case "$built" in "$v" | "$v+dirty") ;; *) die "golangci-lint $newest custom with version: $v built $gcl ${built:-(no version)}" ;; esac
  case "$reported" in *" $v-custom-gcl"*) ;; *) die "custom-gcl for $v reports: $reported" ;; esac
  log "golangci-lint $v: custom-gcl is $gcl $built"
  # The binary holds this checkout's plugin and analyzers: both modules
  # replaced by the paths given, not a released version.
  mods=$(go version -m "$dir/custom-gcl")
  for m in "github.com/tablelint/tablelint/plugin" "github.com/tablelint/tablelint"; do
    printf '%s\n' "$mods" | awk -v m="$m" '$1 == "dep" && $2 == m {dep = 1; next} dep && $1 == "=>" {print; exit} {dep = 0}' | grep -q "$root" ||
      die "custom-gcl does not build $m from $root:
$(printf '%s\n' "$mods" | grep tablelint)"
  done
  log "golangci-lint $v: custom-gcl holds this checkout's plugin and analyzers"

  # The test module: one table scan reported, one //nolint-ed, one point
  # query clean. Exit 1 with exactly one tablelint issue is a pass.
  # ... with the documented .golangci.yml as copied.
  run_mod="$work/run-$v"
  cp -r plugin/testdata/gcl "$run_mod"
  printf '%s\n' "$doc_golangci" >"$run_mod/.golangci.yml"
  out=$(cd "$run_mod" && "$dir/custom-gcl" run --output.text.path=stdout --show-stats=false ./... 2>&1) && code=0 || code=$?
  printf '%s\n' "$out" | sed 's/^/   /' >&2
  n=$(printf '%s\n' "$out" | grep -c 'TL301.*(tablelint)$' || true)
  if [ "$code" -ne 1 ] || [ "$n" -ne 1 ] || ! printf '%s\n' "$out" | grep -q '^main.go:14:68: .*TL301: '; then
    die "golangci-lint $v with the plugin: exit $code, $n TL301 issues; want exit 1 and one TL301 at main.go:14:68"
  fi
  log "golangci-lint $v: the plugin reports the known finding"

  # run --fix applies edits as they are (no import clean-up): a copy of the
  # test module with three TL204 keys, the file's only uses of strconv,
  # must build after the fixes.
  fixmod="$work/fix-$v"
  cp -r plugin/testdata/gcl "$fixmod"
  cat >"$fixmod/keys.go" <<'GO'
package main

import (
	"strconv"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func orderKey(customer string, id int) aztables.Entity {
	return aztables.Entity{PartitionKey: customer, RowKey: strconv.Itoa(id)}
}

func lineKey(order, line int64) aztables.Entity {
	return aztables.Entity{PartitionKey: strconv.FormatInt(order, 10), RowKey: strconv.FormatInt(line, 10)}
}

var _, _ = orderKey, lineKey
GO
  (cd "$fixmod" && "$dir/custom-gcl" run --fix --output.text.path=stdout --show-stats=false ./... >/dev/null 2>&1) || true
  [ "$(grep -o 'fmt.Sprintf("%019d", ' "$fixmod/keys.go" | wc -l)" -eq 3 ] || die "golangci-lint $v --fix did not apply the TL204 fixes:
$(cat "$fixmod/keys.go")"
  (cd "$fixmod" && go build -o /dev/null ./...) || die "golangci-lint $v --fix: the fixed module does not build:
$(cat "$fixmod/keys.go")"
  log "golangci-lint $v --fix: the TL204 fixes applied and the module builds"
done
