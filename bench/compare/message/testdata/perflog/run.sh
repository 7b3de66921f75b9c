#!/usr/bin/env bash
# run.sh BEFORE AFTER [BENCH-REGEXP] [COUNT] [BENCHTIME]
#
# Measures perflog_test.go (BenchmarkLog) against two revisions of this
# repository and prints benchstat's comparison. Each revision's uabin, types and
# internal packages are extracted with `git archive` (the checkout is not
# touched) into $PERFLOG_DIR (default: uabin-perflog in the Go build cache), a test binary is built
# against each, and the two binaries run alternately, one -count at a time,
# so that a change in the machine's load hits both sides alike. Raw results
# stay in $PERFLOG_DIR/out/BEFORE-AFTER.{before,after}.txt.
#
# Example (the back-patched masks):
#   bash bench/compare/message/testdata/perflog/run.sh ffd4d38^ ffd4d38 'Log/W5.*/.*/plans' 10 100ms
#
# With PERFLOG_CPU=N each binary runs pinned to core N (taskset), as the
# log's entries since 18 were measured.
#
# With PERFLOG_TARGET=compare it measures the bench/compare workloads W1-W8
# instead (the benchmarks of bench/compare, in each revision's whole tree),
# the same way; for instance every uabin row:
#   PERFLOG_TARGET=compare bash bench/compare/message/testdata/perflog/run.sh main HEAD 'W[1-8]//uabin' 10 100ms
# (Go matches each /-separated part of the regexp against one level of
# the benchmark name: W4ReadRequest50 / encode / uabin-fast.)
set -euo pipefail
before=${1:?usage: run.sh BEFORE AFTER [BENCH-REGEXP] [COUNT] [BENCHTIME]}
after=${2:?usage: run.sh BEFORE AFTER [BENCH-REGEXP] [COUNT] [BENCHTIME]}
bench=${3:-.}
count=${4:-10}
benchtime=${5:-100ms}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
work=${PERFLOG_DIR:-$(go env GOCACHE)/uabin-perflog}
benchstat=${BENCHSTAT:-$(go env GOPATH)/bin/benchstat}
mkdir -p "$work/src" "$work/mod" "$work/bin" "$work/out"

# A binary is named after the revision and the benchmark file, so a changed
# perflog_test.go is built again.
harness=$(sha256sum "$here/perflog_test.go" | cut -c1-8)
target=${PERFLOG_TARGET:-perflog}
if [ "$target" = compare ]; then
	harness=compare
fi

build() { # rev -> path of the test binary
	local sha
	sha=$(git -C "$repo" rev-parse --short=10 "$1^{commit}")-$harness
	if [ "$target" = compare ] && [ ! -x "$work/bin/$sha.test" ]; then
		rm -rf "$work/src/$sha"
		mkdir -p "$work/src/$sha"
		git -C "$repo" archive "${sha%-*}" | tar -x -C "$work/src/$sha"
		(cd "$work/src/$sha/bench/compare" && go test -c -o "$work/bin/$sha.test" .) >&2
	fi
	if [ ! -x "$work/bin/$sha.test" ]; then
		rm -rf "$work/src/$sha" "$work/mod/$sha"
		mkdir -p "$work/src/$sha" "$work/mod/$sha"
		git -C "$repo" archive "${sha%-*}" go.mod go.sum uabin types internal | tar -x -C "$work/src/$sha"
		cp "$here/perflog_test.go" "$work/mod/$sha/"
		cp "$work/src/$sha/go.sum" "$work/mod/$sha/go.sum"
		cat >"$work/mod/$sha/go.mod" <<MOD
module perflog

go 1.24

require github.com/uabin/uabin v0.0.0

replace github.com/uabin/uabin => $work/src/$sha
MOD
		(cd "$work/mod/$sha" && GOFLAGS=-mod=mod GOPROXY=off go mod tidy >/dev/null 2>&1 &&
			go test -c -o "$work/bin/$sha.test" .) >&2
	fi
	echo "$work/bin/$sha.test"
}

b=$(build "$before")
a=$(build "$after")
tag="$(basename "$b" .test)-$(basename "$a" .test)"
: >"$work/out/$tag.before.txt"
: >"$work/out/$tag.after.txt"
run() { # binary output: one round; bench/compare's tests read their testdata
	local dir=.
	if [ "$target" = compare ]; then
		dir=$work/src/$(basename "$1" .test)/bench/compare
	fi
	local pin=()
	if [ -n "${PERFLOG_CPU:-}" ]; then
		pin=(taskset -c "$PERFLOG_CPU")
	fi
	(cd "$dir" && "${pin[@]}" "$1" -test.run '^$' -test.bench "$bench" -test.benchtime "$benchtime" -test.count 1 -test.benchmem) >>"$2"
}
for i in $(seq "$count"); do
	run "$b" "$work/out/$tag.before.txt"
	run "$a" "$work/out/$tag.after.txt"
	echo "round $i of $count ($(uptime | sed 's/.*load/load/'))" >&2
done
cd "$work/out" && "$benchstat" "before=$tag.before.txt" "after=$tag.after.txt"
