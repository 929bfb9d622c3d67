#!/usr/bin/env bash
# Measures `tablelint check` side by side with staticcheck (pinned), in
# one run with alternating rounds, on two modules: the aztables SDK
# module (module cache copy) and a module of 3 files that uses it. It
# measures warm runs (both tools' caches filled), cold runs (each tool's
# own cache empty, the go build cache warm for both), and go vet with and
# without -vettool=tablelint, every package vetted (a go vet whose results
# the go command answers from its cache times the go command's cache, not
# the tool, and is not measured). Then, with an empty go build cache of
# their own for every run (cold builds), check against go vet and go vet
# -vettool=tablelint against go vet. The results replace the section between
# the "bench-check.sh" markers in docs/benchmarks.md.
#
#   ./scripts/bench-check.sh                    3 rounds
#   ROUNDS=5 ./scripts/bench-check.sh           more rounds
#   COLDROUNDS=3 ./scripts/bench-check.sh       more rounds of the cold-build rows (default 1:
#                                               each compiles the standard library)
#   BEFORE=<rev> ./scripts/bench-check.sh       also time the check of <rev> (built from git archive)
#   OUT=/tmp/b.md ./scripts/bench-check.sh      write elsewhere
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${ROUNDS:-3}
coldrounds=${COLDROUNDS:-1}
out=${OUT:-docs/benchmarks.md}
scversion=${STATICCHECK_VERSION:-v0.8.2}
before=${BEFORE:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log() { printf '== %s\n' "$*" >&2; }
load() { cut -d' ' -f1-3 /proc/loadavg; }
loads=()

# staticcheck's cache lives under os.UserCacheDir() like the go build
# cache's default: pin the build cache so that emptying staticcheck's
# (a fresh XDG_CACHE_HOME) leaves the build cache warm.
GOCACHE=$(go env GOCACHE)
export GOCACHE

log "installing staticcheck $scversion, building tablelint"
GOBIN="$work/bin" go install "honnef.co/go/tools/cmd/staticcheck@$scversion"
sc="$work/bin/staticcheck"
tl="$work/tablelint"
go build -o "$tl" ./cmd/tablelint
tlbefore=
if [ -n "$before" ]; then
  mkdir "$work/before"
  git archive "$before" | tar -x -C "$work/before"
  (cd "$work/before" && go build -o "$work/tablelint-before" ./cmd/tablelint)
  tlbefore="$work/tablelint-before"
fi

# The modules.
az="$(go env GOMODCACHE)/github.com/!azure/azure-sdk-for-go/sdk/data/aztables@v1.4.0"
[ -d "$az" ] || (cd "$work" && go mod download github.com/Azure/azure-sdk-for-go/sdk/data/aztables@v1.4.0)
small="$work/small"
mkdir -p "$small"
cat >"$small/go.mod" <<'EOF'
module example.com/small

go 1.23

require github.com/Azure/azure-sdk-for-go/sdk/data/aztables v1.4.0
EOF
cat >"$small/store.go" <<'EOF'
// Package small keeps users in a table.
package small

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Store reads users.
type Store struct{ c *aztables.Client }

// ByName lists the users of one name.
func (s *Store) ByName(ctx context.Context, name string) error {
	f := "Name eq '" + name + "'"
	p := s.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for p.More() {
		if _, err := p.NextPage(ctx); err != nil {
			return err
		}
	}
	return nil
}
EOF
cat >"$small/point.go" <<'EOF'
package small

import "context"

// One reads one user.
func (s *Store) One(ctx context.Context, tenant, id string) error {
	_, err := s.c.GetEntity(ctx, tenant, id, nil)
	return err
}
EOF
cat >"$small/store_test.go" <<'EOF'
package small

import "testing"

func TestStore(t *testing.T) {
	var s Store
	_ = s
}
EOF
(cd "$small" && go mod tidy >/dev/null 2>&1)

# run LABEL DIR [VAR=VALUE...] -- COMMAND...: times COMMAND in DIR and
# appends "LABEL wall cpu rss_kb" to $work/times.
run() {
  local label=$1 dir=$2
  shift 2
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done
  shift
  (cd "$dir" && env "${envs[@]}" /usr/bin/time -f '%e %U %S %M' -o "$work/t" "$@" >/dev/null 2>&1) || true
  tail -1 "$work/t" | awk -v l="$label" '{ printf "%s %s %.2f %s\n", l, $1, $2 + $3, $4 }' >>"$work/times"
}
touch "$work/times"

for m in az small; do
  dir=$([ $m = az ] && echo "$az" || echo "$small")
  log "$m: filling the caches (load $(load))"
  (cd "$dir" && "$sc" ./... >/dev/null 2>&1) || true
  (cd "$dir" && go vet ./... >/dev/null 2>&1 && go vet -vettool="$tl" ./... >/dev/null 2>&1) || true
  (cd "$dir" && "$tl" check ./... >/dev/null 2>&1) || true
  for r in $(seq 1 "$rounds"); do
    log "$m: round $r/$rounds (load $(load))"
    loads+=("$(load)")
    run "$m.tl.warm" "$dir" -- "$tl" check ./...
    run "$m.sc.warm" "$dir" -- "$sc" ./...
    run "$m.tl.cold" "$dir" "TABLELINT_CACHE=$work/tlcache$m$r" -- "$tl" check ./...
    run "$m.sc.cold" "$dir" "XDG_CACHE_HOME=$work/sccache$m$r" -- "$sc" ./...
    # go vet caches results per tool, by what the tool answers to
    # -V=full: a release vet answers its Go version, so a copy of it is
    # the same tool; a wrapper that answers a build ID of its own (and
    # runs the real vet for everything else) is a new tool, and so is a
    # tablelint with a byte appended (its answer hashes its content):
    # every package is vetted again.
    printf '#!/bin/sh\nif [ "$1" = "-V=full" ]; then echo "vet version devel buildID=bench%s"; exit 0; fi\nexec "%s" "$@"\n' "$m$r$$$(date +%s)" "$(go env GOTOOLDIR)/vet" >"$work/vet$m$r"
    chmod +x "$work/vet$m$r"
    cp "$tl" "$work/tl$m$r" && printf '%s' "$m$r$$$(date +%s)" >>"$work/tl$m$r"
    run "$m.vetcold" "$dir" -- go vet -vettool="$work/vet$m$r" ./...
    run "$m.vettlcold" "$dir" -- go vet -vettool="$work/tl$m$r" ./...
    rm -f "$work/vet$m$r" "$work/tl$m$r"
    [ -n "$tlbefore" ] && run "$m.before" "$dir" -- "$tlbefore" check ./...
    rm -rf "$work/tlcache$m$r" "$work/sccache$m$r"
  done
  # Cold builds: each run with a go build cache of its own, empty (every
  # dependency compiled, the standard library included), the module
  # cache as it is. check against go vet in the same state, and go vet
  # with tablelint as its tool against plain go vet.
  for r in $(seq 1 "$coldrounds"); do
    log "$m: cold build caches, round $r/$coldrounds (load $(load))"
    loads+=("$(load)")
    run "$m.tl.build" "$dir" "GOCACHE=$work/gc" "TABLELINT_CACHE=$work/tc" -- "$tl" check ./...
    rm -rf "$work/gc" "$work/tc"
    run "$m.vet.build" "$dir" "GOCACHE=$work/gc" -- go vet ./...
    rm -rf "$work/gc"
    run "$m.vettl.build" "$dir" "GOCACHE=$work/gc" -- go vet -vettool="$tl" ./...
    chmod -R u+w "$work/gc" 2>/dev/null; rm -rf "$work/gc"
  done
done
loads+=("$(load)")

# med LABEL COLUMN: the median of a column (2 wall, 3 cpu, 4 rss) of LABEL's runs.
med() { awk -v l="$1" -v c="$2" '$1 == l { print $c }' "$work/times" | sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR+1)/2]; else print (v[NR/2] + v[NR/2+1]) / 2 }'; }
# mx LABEL: the largest peak RSS of LABEL's runs, in MiB.
mx() { awk -v l="$1" '$1 == l && $4 > m { m = $4 } END { printf "%.0f", m / 1024 }' "$work/times"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "n/a" || b == "n/a" || b == 0) print "n/a"; else printf "%.2f", a / b }'; }
row() { # row MODULE KIND: the markdown row of tablelint against staticcheck
  local m=$1 k=$2
  local tw tc sw scpu
  tw=$(med "$m.tl.$k" 2); tc=$(med "$m.tl.$k" 3); sw=$(med "$m.sc.$k" 2); scpu=$(med "$m.sc.$k" 3)
  echo "| $3, $k | $tw s wall, $tc s CPU, $(mx "$m.tl.$k") MiB | $sw s wall, $scpu s CPU, $(mx "$m.sc.$k") MiB | **$(ratio "$tw" "$sw")×** wall, $(ratio "$tc" "$scpu")× CPU, $(ratio "$(mx "$m.tl.$k")" "$(mx "$m.sc.$k")")× memory | $4 |"
}

section=$(mktemp)
{
  echo "<!-- bench-check.sh:begin (written by scripts/bench-check.sh; edits here are overwritten) -->"
  echo "## \`tablelint check\` against staticcheck"
  echo
  echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') by \`./scripts/bench-check.sh\` (ROUNDS=$rounds${before:+, BEFORE=$before}) on $(nproc) CPUs, $(go version | cut -d' ' -f3-), staticcheck $("$sc" -version | cut -d' ' -f2-)."
  echo "Load average (1, 5, 15 min) at each round: $(printf '%s; ' "${loads[@]}" | sed 's/; $//')."
  echo "Medians of $rounds alternating rounds ($coldrounds for the rows with an empty go build cache); memory is the largest peak RSS (\`/usr/bin/time\`, the tool or its \`go list\`, whichever is larger). CPU is user + system time of the tool and its children. Warm: both tools' caches filled; cold: each tool's own cache empty (a fresh \`TABLELINT_CACHE\` directory; a fresh \`XDG_CACHE_HOME\` for staticcheck), the go build cache warm for both."
  echo
  echo "| module, caches | tablelint check ./... | staticcheck ./... | tablelint / staticcheck | goal |"
  echo "|---|---|---|---|---|"
  row az warm "aztables v1.4.0" "≤ 1.5× wall, ≤ 2× memory"
  row az cold "aztables v1.4.0" "≤ 0.5×"
  row small warm "3-file module" "≤ 1 s wall"
  row small cold "3-file module" "≤ 0.5×"
  for m in az small; do
    name=$([ $m = az ] && echo "aztables v1.4.0" || echo "3-file module")
    echo "| $name: go vet -vettool=tablelint ./... vs go vet ./..., every package vetted (vet results not cached, build cache warm) | $(med $m.vettlcold 2) s wall, $(med $m.vettlcold 3) s CPU | go vet: $(med $m.vetcold 2) s wall, $(med $m.vetcold 3) s CPU | **$(ratio "$(med $m.vettlcold 2)" "$(med $m.vetcold 2)")×** wall, $(ratio "$(med $m.vettlcold 3)" "$(med $m.vetcold 3)")× CPU | < 1.3× |"
  done
  for m in az small; do
    name=$([ $m = az ] && echo "aztables v1.4.0" || echo "3-file module")
    echo "| $name: check ./... vs go vet ./..., both with an empty go build cache | $(med $m.tl.build 2) s wall, $(med $m.tl.build 3) s CPU, $(mx $m.tl.build) MiB | go vet: $(med $m.vet.build 2) s wall, $(med $m.vet.build 3) s CPU, $(mx $m.vet.build) MiB | $(ratio "$(med $m.tl.build 2)" "$(med $m.vet.build 2)")× wall, **$(ratio "$(med $m.tl.build 3)" "$(med $m.vet.build 3)")× CPU** | ≤ 1.5× CPU, ≤ 1 GiB |"
    echo "| $name: go vet -vettool=tablelint ./... vs go vet ./..., both with an empty go build cache | $(med $m.vettl.build 2) s wall, $(med $m.vettl.build 3) s CPU, $(mx $m.vettl.build) MiB | go vet: $(med $m.vet.build 2) s wall, $(med $m.vet.build 3) s CPU | $(ratio "$(med $m.vettl.build 2)" "$(med $m.vet.build 2)")× wall, **$(ratio "$(med $m.vettl.build 3)" "$(med $m.vet.build 3)")× CPU** | < 1.3× CPU |"
  done
  if [ -n "$tlbefore" ]; then
    for m in az small; do
      name=$([ $m = az ] && echo "aztables v1.4.0" || echo "3-file module")
      echo "| $name: check of $before (no cache) vs now, warm | $(med $m.before 2) s wall, $(med $m.before 3) s CPU, $(mx $m.before) MiB → $(med $m.tl.warm 2) s wall, $(med $m.tl.warm 3) s CPU, $(mx $m.tl.warm) MiB | | | |"
    done
  fi
  echo
  echo "Raw times (label, wall s, CPU s, peak RSS KiB):"
  echo
  echo '```'
  cat "$work/times"
  echo '```'
  echo "<!-- bench-check.sh:end -->"
} >"$section"

scripts/write-section.sh bench-check.sh "$section" "$out"
rm -f "$section"
log "wrote $out"
