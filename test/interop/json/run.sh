#!/usr/bin/env bash
# run.sh: the open62541 JSON cross-check in one command.
#
#   bash test/interop/json/run.sh
#
# Installs cmake and gcc from the distribution's packages if they are
# missing, builds o6json with build.sh (open62541 v1.5.7 from the tarball in
# $UABIN_OPEN62541_DIR, else ../shared/open62541-bench beside the
# repository; about a minute the first time, cached afterwards), and runs
# `go test ./test/interop/json/` with UABIN_O6JSON set to it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
cd "$root"
if ! command -v cmake >/dev/null || ! command -v gcc >/dev/null; then
  echo "-- installing cmake and gcc from the distribution's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q cmake gcc
fi
prog=$(bash "$here/build.sh" | tail -1)
UABIN_O6JSON=$prog go test -count=1 ./test/interop/json/
