#!/usr/bin/env bash
# Release build: what GoReleaser would do, with nothing but Go, tar, zip
# and sha256sum.
#
#   ./scripts/release.sh                 at a tag (vX.Y.Z) on a clean tree: every target into dist/
#   ./scripts/release.sh --snapshot      any commit: version vX.Y.Z-SNAPSHOT-<commit>, nothing refused
#   ./scripts/release.sh --snapshot --targets "linux/amd64 windows/arm64" --out /tmp/dist
#
# For each target it cross-compiles ./cmd/tablelint with CGO_ENABLED=0 and
# -trimpath, stamps the version and commit with -ldflags (so
# `tablelint --version` prints them), and packs the binary with LICENSE,
# README.md and CHANGELOG.md into tablelint_<version>_<os>_<arch>.tar.gz
# (.zip for Windows). SHA256SUMS lists every archive. Archives are
# reproducible: file times are the commit's time, owners are 0.
#
# Then it checks its own output: SHA256SUMS verifies, and the archive for
# the machine it runs on (if built) holds a binary whose --version prints
# the version and commit.
set -euo pipefail
cd "$(dirname "$0")/.."

die() { printf 'release: %s\n' "$*" >&2; exit 1; }
log() { printf '== %s\n' "$*" >&2; }

snapshot=false
out=dist
targets="linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64"
while [ $# -gt 0 ]; do
  case "$1" in
    --snapshot) snapshot=true ;;
    --targets) [ $# -ge 2 ] || die "--targets needs a value"; targets=$2; shift ;;
    --out) [ $# -ge 2 ] || die "--out needs a value"; out=$2; shift ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument $1 (see --help)" ;;
  esac
  shift
done

command -v git >/dev/null || die "needs git"
commit=$(git rev-parse HEAD) || die "not a git checkout"
epoch=$(git log -1 --format=%ct HEAD)
if $snapshot; then
  base=$(git describe --tags --abbrev=0 --match 'v[0-9]*' 2>/dev/null || echo v0.0.0)
  version="$base-SNAPSHOT-$(git rev-parse --short=12 HEAD)"
  if [ -n "$(git status --porcelain)" ]; then commit="$commit-dirty"; fi
else
  [ -z "$(git status --porcelain)" ] || die "the working tree has uncommitted changes (use --snapshot to build anyway)"
  version=$(git describe --tags --exact-match --match 'v[0-9]*' HEAD 2>/dev/null) ||
    die "HEAD is not at a release tag vX.Y.Z (use --snapshot for a test build)"
fi
plain=${version#v}

case "$out" in /*) ;; *) out="$(pwd)/$out" ;; esac
if [ -e "$out" ] && [ -n "$(ls -A "$out" 2>/dev/null)" ]; then
  die "$out is not empty; remove it first (a release never overwrites an earlier one)"
fi
mkdir -p "$out"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

pkg=github.com/tablelint/tablelint/internal/version
ldflags="-s -w -X $pkg.version=$version -X $pkg.commit=$commit"
archives=()
for t in $targets; do
  goos=${t%/*} goarch=${t#*/}
  [ -n "$goos" ] && [ -n "$goarch" ] && [ "$goos/$goarch" = "$t" ] || die "bad target $t (want os/arch)"
  name="tablelint_${plain}_${goos}_${goarch}"
  exe=tablelint
  [ "$goos" = windows ] && exe=tablelint.exe
  log "building $name"
  mkdir -p "$stage/$name"
  CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch go build -trimpath -buildvcs=false -ldflags "$ldflags" \
    -o "$stage/$name/$exe" ./cmd/tablelint
  cp LICENSE README.md CHANGELOG.md "$stage/$name/"
  touch -d "@$epoch" "$stage/$name" "$stage/$name"/*
  if [ "$goos" = windows ]; then
    (cd "$stage" && TZ=UTC zip -q -X -r "$out/$name.zip" "$name")
    archives+=("$name.zip")
  else
    (cd "$stage" && tar --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner -cf - "$name" | gzip -n -9 >"$out/$name.tar.gz")
    archives+=("$name.tar.gz")
  fi
done

sha() { if command -v sha256sum >/dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi; }
(cd "$out" && sha "${archives[@]}" >SHA256SUMS)
log "wrote ${#archives[@]} archives and SHA256SUMS to $out"

# Check what was written.
(cd "$out" && if command -v sha256sum >/dev/null; then sha256sum --quiet -c SHA256SUMS; else shasum -a 256 -s -c SHA256SUMS; fi) ||
  die "SHA256SUMS does not verify"
host="$(go env GOHOSTOS)_$(go env GOHOSTARCH)"
for a in "${archives[@]}"; do
  case "$a" in *"_$host".tar.gz) ;; *) continue ;; esac
  check=$(mktemp -d "$stage/check.XXXX")
  tar -xzf "$out/$a" -C "$check"
  got=$("$check/${a%.tar.gz}/tablelint" --version)
  want="tablelint $version (commit $commit)"
  [ "$got" = "$want" ] || die "$a: --version printed \"$got\", want \"$want\""
  log "$a: $got"
done
log "release $version: checksums verify"
