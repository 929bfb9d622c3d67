#!/usr/bin/env bash
# loadcorpus.sh — rerun the "Loading as found" table of docs/benchmarks.md over a
# directory of public repositories with Azure Table code, taken as found
# (nothing repaired).
#
# usage: scripts/loadcorpus.sh CHECKOUTS [TABLELINT]
#
#   CHECKOUTS  a directory holding one checkout per repository below, named
#              <owner>+<name> (the script never fetches anything).
#   TABLELINT  the binary to measure (default: /tmp/tl-main, built from main
#              with `go build -o /tmp/tl-main ./cmd/tablelint`).
#
# How the checkouts were obtained: each repository's snapshot at the commit
# listed below, unpacked with
#   git --git-dir=<snapshot> archive <commit> | tar -x -C CHECKOUTS/<owner>+<name>
# (where a snapshot lacked a blob — a binary over 4 MiB — that one path was
# excluded with ':(exclude)<path>'; it is named in the list). Nothing else
# was changed: no go.mod, go.sum or go.work edit, no generated file added.
#
# For each repository, from the directory that holds the table code (the
# module root, or the plain directory when there is no go.mod), it
#   1. downloads the modules the packages need into a private module cache
#      ($MODCACHE, default /tmp/loadcorpus-modcache; the shared
#      ~/go/pkg/mod is only read, as the first GOPROXY entry): `go mod
#      download` (not with SUBSET), then `go list -e -deps -test` over the
#      packages measured, for what download misses;
#   2. with GOPROXY=off from there on (no tool waits on the network: both
#      see the same modules), lists the packages that load — ./... when all
#      do, else the list of those whose package and tests have no error (go
#      vet stops at the first package that does not load, check does not);
#   3. runs, each with a fresh private GOCACHE (so each compiles every
#      dependency: cold) and check with a fresh TABLELINT_CACHE,
#        GOTOOLCHAIN=local timeout $TIMEOUT /usr/bin/time -v TABLELINT check PKGS
#        GOTOOLCHAIN=local timeout $TIMEOUT /usr/bin/time -v go vet PKGS
# and prints one Markdown row per repository: CPU-s (user+sys of the tool
# and its children: the figure to compare on a loaded machine), wall and
# peak RSS of each, and check's CPU over vet's. TIMEOUT defaults to 1200 s.
# The shared ~/.cache/go-build is never used, ~/go/pkg/mod never written.
# Logs go to $LOGDIR (default /tmp/loadcorpus-logs); REUSE=1 rebuilds the
# table from the logs there instead of running again; ONLY="name ..."
# limits the run; SUBSET=1 measures the packages of the corpus's last
# column instead of ./... (both tools the same); MODCACHE_CLEAN=1 removes the private module cache at the
# end.
#
# "table-code packages" are the directories with a .go file importing
# github.com/Azure/azure-sdk-for-go/sdk/data/aztables or
# github.com/Azure/azure-sdk-for-go/storage (grep; vendor/ excluded). One
# counts as analysed when check did not stop ("no package could be
# analysed", or a failure before analysis) and no line of check's stderr
# names its import path.
set -u

# name|owner/name@commit|directory holding the table code|excluded path|
# packages measured with SUBSET=1 (default ./...: the table code and what
# it imports, for trees whose cold build takes an hour on a loaded machine)
CORPUS='
M-Faraz3110+aztables|M-Faraz3110/aztables@e907946404bdc81da177fc3b41c4f4bc4d3f5371|.|
blue-eight+azgo|blue-eight/azgo@cf46bd98efd10db54b1577837c376920bd592794|azgo|
wiiikiii+go-azTable|wiiikiii/go-azTable@6e003ad175bc452a9197a4a4017cfc9ca69c0234|.|go-table
redanthrax+as|redanthrax/as@ec124a2721734440c586ef8db08efe9d020af6f9|api|api/api
luigialves+sample-golang-with-azure-table-storage|luigialves/sample-golang-with-azure-table-storage@b603921e17fe7dd57f60703f7cc63065855bc452|.|
Azure+Azurite|Azure/Azurite@9074bea3528e23e50f5a1d576e13072d6c94d17c|tests/table/go|
PonlapatSVBL+golang-azure-table-storage|PonlapatSVBL/golang-azure-table-storage@d8e78055eb3e0671ab852aeb7a3478dfd547fb0a|.|
dapr+components-contrib|dapr/components-contrib@c23900d2760de2061143587c16c5e30ab3f092cf|.||./state/azure/...
benthosdev+benthos|benthosdev/benthos@c9461ecf2c6e5f180ff9b7f17bdc3fc58ef6aeed|.||./internal/impl/azure/...
redpanda-data+connect|redpanda-data/connect@48a4b646e47c97e2760a8826e858803d031476b2|.||./internal/impl/azure/...
'

dir=${1:?usage: loadcorpus.sh CHECKOUTS [TABLELINT]}
tl=${2:-/tmp/tl-main}
logs=${LOGDIR:-/tmp/loadcorpus-logs}
only=${ONLY:-}
limit=${TIMEOUT:-1200}
modcache=${MODCACHE:-/tmp/loadcorpus-modcache}
mkdir -p "$logs"
dir=$(cd "$dir" && pwd)
tl=$(cd "$(dirname "$tl")" && pwd)/$(basename "$tl")
export GOTOOLCHAIN=local
# The shared module cache is read as a proxy (never written); the rest
# comes from the environment's proxy.
seed="file://$(go env GOMODCACHE)/cache/download"
proxy=$(go env GOPROXY)
flags="$(go env GOFLAGS) -modcacherw"
scratch=$(mktemp -d /tmp/loadcorpus-run.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

sdkre='"github.com/Azure/azure-sdk-for-go/(sdk/data/aztables|storage)"'

# category ERRFILE RC: the load-failure kind (testdata/loadshapes) that the
# stderr of check shows first, "timeout" or "loads".
category() {
	local c=
	[ "$2" = 124 ] && c=timeout
	grep -q 'does not contain main module' "$1" && c=${c:+$c, }no-gomod
	grep -q 'missing go.sum entry' "$1" && c=${c:+$c, }gosum-drift
	grep -q 'updates to go.mod needed' "$1" && c=${c:+$c, }gomod-drift
	grep -q 'no required module provides package' "$1" && c=${c:+$c, }missing-package
	grep -q 'replacement directory' "$1" && c=${c:+$c, }missing-sibling
	grep -q 'go.work' "$1" && c=${c:+$c, }gowork
	grep -q 'syntax error' "$1" && c=${c:+$c, }syntax-error
	grep -q 'no export data' "$1" && c=${c:+$c, }no-export-data
	grep -q '403 Forbidden\|not available' "$1" && c=${c:+$c, }module-refused
	echo "${c:-loads}"
}

# field NAME FILE: the value of a /usr/bin/time -v line ("" if none).
field() { [ -f "$2" ] && sed -n "s/^[[:space:]]*$1: //p" "$2" | tail -1; }
# cpu FILE: user+sys seconds; wall FILE; rss FILE: peak RSS in MB.
cpu() { awk -v u="$(field 'User time (seconds)' "$1")" -v s="$(field 'System time (seconds)' "$1")" 'BEGIN { if (u == "") print "?"; else printf "%.1f", u + s }'; }
wall() { local w; w=$(field 'Elapsed (wall clock) time (h:mm:ss or m:ss)' "$1"); echo "${w:-?}"; }
rss() { local k; k=$(field 'Maximum resident set size (kbytes)' "$1"); [ -n "$k" ] && echo $((k / 1024)) || echo '?'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "?" || b == "?" || b == 0) print "?"; else printf "%.2f", a / b }'; }
readrc() { local v; v=$(cat "$1" 2>/dev/null); echo "${v:-?}"; }

# timed NAME CMD...: runs CMD with /usr/bin/time -v and a timeout; leaves
# NAME.out, NAME.err, NAME.time, NAME.rc in $logs.
timed() {
	local name=$1; shift
	/usr/bin/time -v -o "$logs/$name.time" timeout "$limit" "$@" >"$logs/$name.out" 2>"$logs/$name.err"
	echo $? >"$logs/$name.rc"
}

# loadable PATTERN: the packages of PATTERN (PATTERN itself when all)
# whose package and test variants load, one a line, from go list run in
# the current directory.
loadable() {
	go list -e -test -f '{{.ImportPath}}|{{.ForTest}}|{{if or .Error .DepsErrors}}bad{{end}}' "$1" >"$scratch/list" 2>/dev/null
	go list -e -f '{{.ImportPath}}' "$1" >"$scratch/plain" 2>/dev/null
	awk -F'|' '
		FNR == NR {
			base = $2 != "" ? $2 : $1; sub(/ \[.*/, "", base)
			if ($2 == "" && $1 ~ /\.test$/) sub(/\.test$/, "", base)
			if ($3 == "bad") bad[base] = 1
			next
		}
		!($1 in bad) { ok[++n] = $1 }
		END { if (length(bad) == 0) print pat; else for (i = 1; i <= n; i++) print ok[i] }
	' pat="$1" "$scratch/list" "$scratch/plain"
}

printf '| repository | category | table pkgs analysed / total | findings | exit | check: first stderr line | packages | check: CPU-s / wall / peak RSS | go vet: exit, first stderr line | vet: CPU-s / wall / peak RSS | check / vet CPU |\n'
printf '|---|---|---|---|---|---|---|---|---|---|---|\n'
echo "$CORPUS" | while IFS='|' read -r name ref sub excl subset; do
	[ -n "$name" ] || continue
	[ -z "$only" ] || [[ " $only " == *" $name "* ]] || continue
	root="$dir/$name/$sub"
	if [ ! -d "$root" ]; then
		printf '| %s | (no checkout) ||||||||||\n' "$ref"
		continue
	fi
	(
		cd "$root" || exit
		mapfile -t tpkgs < <(grep -rlE --include='*.go' --exclude-dir=vendor "$sdkre" . | xargs -r -n1 dirname | sort -u)
		modpath=$(sed -n 's/^module[[:space:]]*//p' go.mod 2>/dev/null | head -1 | tr -d '"')
		pat=./...
		[ -n "${SUBSET:-}" ] && [ -n "$subset" ] && pat=$subset
		if [ -z "${REUSE:-}" ] || [ ! -s "$logs/$name.vet.rc" ]; then
			export GOMODCACHE=$modcache GOFLAGS=$flags
			: >"$logs/$name.download.err"
			[ "$pat" = ./... ] && GOPROXY="$seed,$proxy" GOCACHE="$scratch/dl" timed "$name.download" go mod download
			GOPROXY="$seed,$proxy" GOCACHE="$scratch/dl" timeout "$limit" go list -e -deps -test "$pat" >/dev/null 2>>"$logs/$name.download.err"
			export GOPROXY=off
			GOCACHE="$scratch/dl" loadable "$pat" >"$logs/$name.pkgs"
			rm -rf "$scratch/dl"
			mapfile -t pats <"$logs/$name.pkgs"
			GOCACHE="$scratch/gc" TABLELINT_CACHE="$scratch/tc" timed "$name.check" "$tl" check "${pats[@]}"
			rm -rf "$scratch/gc" "$scratch/tc"
			GOCACHE="$scratch/gc" timed "$name.vet" go vet "${pats[@]}"
			rm -rf "$scratch/gc"
		fi
		rc=$(readrc "$logs/$name.check.rc")
		nf=$(grep -cE '^[^ ].*:[0-9]+:[0-9]+: (error|warning|info) TL[0-9]+' "$logs/$name.check.out" 2>/dev/null)
		stopped=0
		grep -qE 'no package could be analysed|directory prefix|cannot find main module|go: ' "$logs/$name.check.err" 2>/dev/null && [ "${nf:-0}" = 0 ] && stopped=1
		[ "$rc" = 124 ] && stopped=1
		ok=0
		for p in ${tpkgs[@]+"${tpkgs[@]}"}; do
			ip=$modpath${p#.}
			[ -n "$modpath" ] || ip=$p
			if [ $stopped = 0 ] && ! grep -qF "tablelint: $ip:" "$logs/$name.check.err" && ! grep -qF "tablelint: $ip " "$logs/$name.check.err"; then
				ok=$((ok + 1))
			fi
		done
		pk=$pat
		if [ -s "$logs/$name.pkgs" ] && [ "$(head -1 "$logs/$name.pkgs")" != "$pat" ]; then
			pk="$pat: the $(wc -l <"$logs/$name.pkgs") that load"
		fi
		first=$(grep -v '^$' "$logs/$name.check.err" 2>/dev/null | head -1 | cut -c1-140 | sed 's/|/\\|/g')
		vfirst=$(grep -v '^#\|^go: downloading' "$logs/$name.vet.err" 2>/dev/null | grep -v '^$' | head -1 | cut -c1-110 | sed 's/|/\\|/g')
		ct=$logs/$name.check.time vt=$logs/$name.vet.time
		printf '| %s | %s | %d / %d | %s | %s | `%s` | %s | %s / %s / %s MB | %s, `%s` | %s / %s / %s MB | %s× |\n' \
			"$ref" "$(category "$logs/$name.check.err" "$rc")" "$ok" "${#tpkgs[@]}" "${nf:-?}" "$rc" "$first" "$pk" \
			"$(cpu "$ct")" "$(wall "$ct")" "$(rss "$ct")" \
			"$(readrc "$logs/$name.vet.rc")" "$vfirst" \
			"$(cpu "$vt")" "$(wall "$vt")" "$(rss "$vt")" "$(ratio "$(cpu "$ct")" "$(cpu "$vt")")"
	)
done
if [ -n "${MODCACHE_CLEAN:-}" ]; then
	rm -rf "$modcache"
fi
