#!/usr/bin/env bash
# run.sh BEFORE AFTER [BENCH-REGEXP] [COUNT] [BENCHTIME]
#
# The bench/compare workloads W1-W8 built against two revisions of this
# repository, run alternately and compared with benchstat: the uabin rows
# (uabin-fast and uabin-plans; gopcua's rows do not depend on the
# revision). Each revision's tree is extracted with `git archive` (the
# checkout is not touched) into $ROUNDS_DIR (default: uabin-rounds in the Go
# build cache), the bench/compare test binary is built in each, and the two
# binaries run one -count at a time, before then after, COUNT rounds, so
# that a change in the machine's load hits both sides alike. Raw results stay
# in $ROUNDS_DIR/out/BEFORE-AFTER.{before,after}.txt.
#
# Example (every W1-W8 uabin row, 10 rounds of 100 ms each):
#   bash bench/compare/testdata/rounds/run.sh main HEAD 'W[1-8].*/uabin' 10 100ms
set -euo pipefail
before=${1:?usage: run.sh BEFORE AFTER [BENCH-REGEXP] [COUNT] [BENCHTIME]}
after=${2:?usage: run.sh BEFORE AFTER [BENCH-REGEXP] [COUNT] [BENCHTIME]}
bench=${3:-W[1-8].*/uabin}
count=${4:-10}
benchtime=${5:-100ms}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
work=${ROUNDS_DIR:-$(go env GOCACHE)/uabin-rounds}
benchstat=${BENCHSTAT:-$(go env GOPATH)/bin/benchstat}
mkdir -p "$work/src" "$work/bin" "$work/out"

build() { # rev -> path of the test binary
	local sha
	sha=$(git -C "$repo" rev-parse --short=10 "$1^{commit}")
	if [ ! -x "$work/bin/$sha.test" ]; then
		rm -rf "$work/src/$sha"
		mkdir -p "$work/src/$sha"
		git -C "$repo" archive "$sha" | tar -x -C "$work/src/$sha"
		(cd "$work/src/$sha/bench/compare" && go test -c -o "$work/bin/$sha.test" .) >&2
	fi
	echo "$work/bin/$sha.test"
}

b=$(build "$before")
a=$(build "$after")
tag="$(basename "$b" .test)-$(basename "$a" .test)"
: >"$work/out/$tag.before.txt"
: >"$work/out/$tag.after.txt"
for i in $(seq "$count"); do
	(cd "$work/src/${tag%%-*}/bench/compare" && "$b" -test.run '^$' -test.bench "$bench" -test.benchtime "$benchtime" -test.count 1 -test.benchmem) >>"$work/out/$tag.before.txt"
	(cd "$work/src/${tag##*-}/bench/compare" && "$a" -test.run '^$' -test.bench "$bench" -test.benchtime "$benchtime" -test.count 1 -test.benchmem) >>"$work/out/$tag.after.txt"
	echo "round $i of $count done ($(uptime | sed 's/.*load/load/'))" >&2
done
cd "$work/out" && "$benchstat" "before=$tag.before.txt" "after=$tag.after.txt"
