#!/usr/bin/env bash
# Measures what tablelint's analyzers add to go vet's time (the
# target: under 30%). It builds vet tools from scripts/vetbench — go vet's
# default analyzers, and the same plus tablelint's — and runs
# `go vet -vettool=…` over a whole module with each, N times alternately.
# Every run uses a tool build of its own (go vet caches results per tool
# ID), so every package is vetted each time while the compile cache stays
# warm: a full vet run in CI with a warm build cache.
#
#   scripts/bench-vet.sh [MODULE_DIR] [N]     default: this repository, 5 runs
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
mod=$(cd "${1:-$here}" && pwd)
runs=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for i in $(seq 0 "$runs"); do
  (cd "$here" && go build -ldflags="-X=main.variant=$i" -o "$work/vetonly$i" scripts/vetbench/analyzers.go scripts/vetbench/vetonly.go \
    && go build -ldflags="-X=main.variant=$i" -o "$work/vetplus$i" scripts/vetbench/analyzers.go scripts/vetbench/vetplus.go)
done
cd "$mod"
go vet -vettool="$work/vetonly0" ./... >/dev/null 2>&1 || true # warm the compile cache
t() { local s e; s=$(date +%s.%N); go vet -vettool="$1" ./... >/dev/null 2>&1 || true; e=$(date +%s.%N); echo "$e - $s" | bc; }
only=(); plus=()
for i in $(seq 1 "$runs"); do
  only+=("$(t "$work/vetonly$i")")
  plus+=("$(t "$work/vetplus$i")")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
mo=$(median "${only[@]}"); mp=$(median "${plus[@]}")
printf 'go vet analyzers:             median %.2f s over %d runs (%s)\n' "$mo" "$runs" "${only[*]}"
printf 'go vet + tablelint analyzers: median %.2f s over %d runs (%s)\n' "$mp" "$runs" "${plus[*]}"
echo "$mo $mp" | awk '{printf "tablelint adds %.1f%% to go vet\n", ($2-$1)/$1*100}'
