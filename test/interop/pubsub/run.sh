#!/usr/bin/env bash
# run.sh: the PubSub interop with open62541 v1.5.7, in one command.
#
#   bash test/interop/pubsub/run.sh
#
# Installs cmake, gcc and libmbedtls-dev from the distribution's packages if
# missing, builds open62541 with PubSub and its PubSub-Aes*-CTR policies and
# the programs in c/ (build.sh: cached under
# ${XDG_CACHE_HOME:-$HOME/.cache}/uabin-open62541/mbedtls; the first build takes
# 1-3 minutes on 2 cores), then
#   - compares this package's encoder with open62541's on the 10,368
#     configurations of the header-flag grid (a live nmgrid run);
#   - runs open62541's publisher against pubsub.Subscriber and pubsub.Publisher
#     against open62541's subscriber over UDP on 127.0.0.1, for the Variant and
#     DataValue field encodings, without security, signed and signed and
#     encrypted with PubSub-Aes128-CTR and PubSub-Aes256-CTR, and prints the
#     table of the results.
# Every program it starts has a bounded lifetime and is killed by the test.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
cd "$root"

have_mbedtls() { echo '#include <mbedtls/aes.h>' | gcc -E -x c - >/dev/null 2>&1; }
if ! command -v cmake >/dev/null || ! command -v gcc >/dev/null || ! have_mbedtls; then
  echo "-- installing cmake, gcc and libmbedtls-dev from the distribution's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q cmake gcc libmbedtls-dev
fi
bin=$(bash "$here/build.sh" | tail -1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin/nmgrid" >"$work/grid.txt"
UABIN_O6_GRID="$work/grid.txt" go test -count=1 -run 'TestGridAgainstOpen62541' ./pubsub/
set -o pipefail
UABIN_O6_PUBSUB_BIN="$bin" go test -count=1 -v ./test/interop/pubsub/ 2>&1 | grep -E '^(\||--- |ok|FAIL|PASS)|interop_test'
