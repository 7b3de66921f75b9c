#!/usr/bin/env bash
# run.sh: pubsub's JSON NetworkMessages against open62541 v1.5.7's
# UA_NetworkMessage_encodeJson and decodeJson, in one command.
#
#   bash test/interop/pubsubjson/run.sh
#
# Installs cmake, gcc and libmbedtls-dev from the distribution's packages if
# missing, builds open62541 with PubSub and JSON (test/interop/open62541/lib.sh
# mbedtls, cached under ${XDG_CACHE_HOME:-$HOME/.cache}/uabin-open62541 and
# shared with test/interop/pubsub; the first build takes 1-3 minutes on 2
# cores) and c/o6nmjson.c, then runs interop_test.go over the 768 cases of
# the grid in both directions and prints the tables of the results. The
# tarball comes from $UABIN_OPEN62541_DIR, else ../shared/open62541-bench
# beside the repository.
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
UABIN_O6_PUBSUBJSON_BIN="$bin" go test -count=1 -v ./test/interop/pubsubjson/ 2>&1 | grep -E '^(\||--- |ok|FAIL|PASS)|interop_test'
