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
# module root, or the plain directory when there is no go.mod), it runs
#   GOTOOLCHAIN=local timeout 600 /usr/bin/time -v TABLELINT check ./...
#   GOTOOLCHAIN=local timeout 600 /usr/bin/time -v go vet ./...
# with GOPROXY and GOFLAGS as the environment has them (never -mod=mod), and
# prints one Markdown row per repository. Logs go to $LOGDIR (default
# /tmp/loadcorpus-logs); REUSE=1 rebuilds the table from the logs there
# instead of running again; ONLY="name ..." limits the run.
#
# "table-code packages" are the directories with a .go file importing
# github.com/Azure/azure-sdk-for-go/sdk/data/aztables or
# github.com/Azure/azure-sdk-for-go/storage (grep; vendor/ excluded). One
# counts as analysed when check did not stop ("no package could be
# analysed", or a failure before analysis) and no line of check's stderr
# names its import path.
set -u

# name|owner/name@commit|directory holding the table code|excluded path
CORPUS='
M-Faraz3110+aztables|M-Faraz3110/aztables@e907946404bdc81da177fc3b41c4f4bc4d3f5371|.|
blue-eight+azgo|blue-eight/azgo@cf46bd98efd10db54b1577837c376920bd592794|azgo|
wiiikiii+go-azTable|wiiikiii/go-azTable@6e003ad175bc452a9197a4a4017cfc9ca69c0234|.|go-table
redanthrax+as|redanthrax/as@ec124a2721734440c586ef8db08efe9d020af6f9|api|api/api
luigialves+sample-golang-with-azure-table-storage|luigialves/sample-golang-with-azure-table-storage@b603921e17fe7dd57f60703f7cc63065855bc452|.|
Azure+Azurite|Azure/Azurite@9074bea3528e23e50f5a1d576e13072d6c94d17c|tests/table/go|
PonlapatSVBL+golang-azure-table-storage|PonlapatSVBL/golang-azure-table-storage@d8e78055eb3e0671ab852aeb7a3478dfd547fb0a|.|
dapr+components-contrib|dapr/components-contrib@c23900d2760de2061143587c16c5e30ab3f092cf|.|
benthosdev+benthos|benthosdev/benthos@c9461ecf2c6e5f180ff9b7f17bdc3fc58ef6aeed|.|
redpanda-data+connect|redpanda-data/connect@48a4b646e47c97e2760a8826e858803d031476b2|.|
'

dir=${1:?usage: loadcorpus.sh CHECKOUTS [TABLELINT]}
tl=${2:-/tmp/tl-main}
logs=${LOGDIR:-/tmp/loadcorpus-logs}
only=${ONLY:-}
mkdir -p "$logs"
dir=$(cd "$dir" && pwd)
export GOTOOLCHAIN=local

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

# field NAME FILE: the value of a /usr/bin/time -v line.
field() { sed -n "s/^[[:space:]]*$1: //p" "$2" | tail -1; }

# timed NAME CMD...: runs CMD with /usr/bin/time -v and a 10-minute timeout;
# leaves NAME.out, NAME.err, NAME.time, NAME.rc in $logs.
timed() {
	local name=$1; shift
	/usr/bin/time -v -o "$logs/$name.time" timeout 600 "$@" >"$logs/$name.out" 2>"$logs/$name.err"
	echo $? >"$logs/$name.rc"
}

printf '| repository | category | table pkgs analysed / total | findings | exit | check: first stderr line | check wall / peak RSS | go vet: exit, first stderr line | vet wall / peak RSS |\n'
printf '|---|---|---|---|---|---|---|---|---|\n'
echo "$CORPUS" | while IFS='|' read -r name ref sub excl; do
	[ -n "$name" ] || continue
	[ -z "$only" ] || [[ " $only " == *" $name "* ]] || continue
	root="$dir/$name/$sub"
	if [ ! -d "$root" ]; then
		printf '| %s | (no checkout) ||||||||\n' "$ref"
		continue
	fi
	(
		cd "$root" || exit
		mapfile -t tpkgs < <(grep -rlE --include='*.go' --exclude-dir=vendor "$sdkre" . | xargs -r -n1 dirname | sort -u)
		modpath=$(sed -n 's/^module[[:space:]]*//p' go.mod 2>/dev/null | head -1 | tr -d '"')
		if [ -z "${REUSE:-}" ] || [ ! -s "$logs/$name.vet.rc" ]; then
			timed "$name.check" "$tl" check ./...
			timed "$name.vet" go vet ./...
		fi
		rc=$(cat "$logs/$name.check.rc")
		nf=$(grep -cE '^[^ ].*:[0-9]+:[0-9]+: (error|warning|info) TL[0-9]+' "$logs/$name.check.out")
		stopped=0
		grep -qE 'no package could be analysed|directory prefix|cannot find main module|go: ' "$logs/$name.check.err" && [ "$nf" = 0 ] && stopped=1
		[ "$rc" = 124 ] && stopped=1
		ok=0
		for p in "${tpkgs[@]}"; do
			ip=$modpath${p#.}
			[ -n "$modpath" ] || ip=$p
			if [ $stopped = 0 ] && ! grep -qF "tablelint: $ip:" "$logs/$name.check.err" && ! grep -qF "tablelint: $ip " "$logs/$name.check.err"; then
				ok=$((ok + 1))
			fi
		done
		first=$(grep -v '^$' "$logs/$name.check.err" | head -1 | cut -c1-140 | sed 's/|/\\|/g')
		vfirst=$(grep -v '^#\|^go: downloading' "$logs/$name.vet.err" | grep -v '^$' | head -1 | cut -c1-110 | sed 's/|/\\|/g')
		printf '| %s | %s | %d / %d | %s | %s | `%s` | %s / %s MB | %s, `%s` | %s / %s MB |\n' \
			"$ref" "$(category "$logs/$name.check.err" "$rc")" "$ok" "${#tpkgs[@]}" "$nf" "$rc" "$first" \
			"$(field 'Elapsed (wall clock) time (h:mm:ss or m:ss)' "$logs/$name.check.time")" \
			"$(( $(field 'Maximum resident set size (kbytes)' "$logs/$name.check.time") / 1024 ))" \
			"$(cat "$logs/$name.vet.rc")" "$vfirst" \
			"$(field 'Elapsed (wall clock) time (h:mm:ss or m:ss)' "$logs/$name.vet.time")" \
			"$(( $(field 'Maximum resident set size (kbytes)' "$logs/$name.vet.time") / 1024 ))"
	)
done
