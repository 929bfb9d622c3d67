#!/usr/bin/env bash
# write-section.sh NAME SECTION OUT: replaces, in the Markdown file OUT,
# the lines from "<!-- NAME:begin" to "<!-- NAME:end -->" with the file
# SECTION (which holds both markers), keeping everything else; appends
# SECTION when OUT has no such lines; creates OUT when it does not exist.
# OUT is written atomically (a temporary file renamed into place).
set -euo pipefail
name=$1 section=$2 out=$3
mkdir -p "$(dirname "$out")"
tmp=$(mktemp "$(dirname "$out")/.$(basename "$out").XXXXXX")
if [ -f "$out" ] && grep -q "<!-- $name:begin" "$out"; then
  awk -v f="$section" -v b="<!-- $name:begin" -v e="<!-- $name:end -->" '
    index($0, b) == 1 { while ((getline l < f) > 0) print l; skip = 1; next }
    index($0, e) == 1 { skip = 0; next }
    !skip { print }' "$out" >"$tmp"
else
  { if [ -f "$out" ]; then cat "$out"; echo; else printf '# Benchmarks\n\nMeasurements of tablelint, each with the command that reproduces it.\n\n'; fi; cat "$section"; } >"$tmp"
fi
chmod 644 "$tmp"
mv "$tmp" "$out"
