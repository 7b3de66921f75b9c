#!/usr/bin/env bash
# run.sh: the XML cross-checks with open62541 and node-opcua in one command.
#
#   bash test/interop/xml/run.sh
#
# 1. open62541 v1.5.7 (when its tarball is there: $UABIN_OPEN62541_DIR, else
#    ../shared/open62541-bench beside the repository): installs cmake and gcc
#    from the distribution's packages if they are missing and builds o6xml
#    with build.sh (the library once, about a minute on 2 cores; cached).
#    Without the tarball the open62541 half is skipped, with a message.
# 2. node-opcua (test/interop/package.json's pinned version): installs
#    Node.js and npm if they are missing, `npm ci` in test/interop unless its
#    node_modules is current, and dumps with dump.mjs the value of every
#    variable and variable type of the namespace-0 file of schema/ and of the
#    ten companion files of test/companion/testdata/nodesets, as node-opcua
#    reads them (offline: its NodeSet2 loader, no server), about 20 s.
# 3. runs `go test -v ./test/interop/xml/` with UABIN_O6XML and
#    UABIN_NODEOPCUA_DUMP set, which prints the report (README.md beside this
#    script explains it).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
cd "$root"
o6dir=${UABIN_OPEN62541_DIR:-$root/../shared/open62541-bench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

missing=()
if [ -f "$o6dir/open62541-1.5.7.tar.xz" ]; then
  command -v cmake >/dev/null || missing+=(cmake)
  command -v gcc >/dev/null || missing+=(gcc)
fi
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "-- installing ${missing[*]} from the distribution's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q "${missing[@]}"
fi

o6xml=
if [ -f "$o6dir/open62541-1.5.7.tar.xz" ]; then
  o6xml=$(UABIN_OPEN62541_DIR=$o6dir bash "$here/build.sh" | tail -1)
  echo "-- open62541: $o6xml"
else
  echo "-- open62541 skipped: no open62541-1.5.7.tar.xz in $o6dir (set UABIN_OPEN62541_DIR to the directory holding it)"
fi

interop=$root/test/interop
if [ ! -f "$interop/node_modules/.package-lock.json" ] || [ "$interop/package-lock.json" -nt "$interop/node_modules/.package-lock.json" ]; then
  echo "-- npm ci in test/interop"
  (cd "$interop" && npm ci --no-audit --no-fund --loglevel=error)
fi
echo "-- node-opcua $(node -p 'require(process.argv[1]).version' "$interop/node_modules/node-opcua/package.json"), node $(node --version): dumping the NodeSet2 values"
node "$here/dump.mjs" "$work/nodeopcua.tsv" schema/Opc.Ua.NodeSet2.Services.xml \
  test/companion/testdata/nodesets/*.xml >"$work/dump.log" 2>&1 || { cat "$work/dump.log"; exit 1; }
grep '^dump.mjs:' "$work/dump.log" || true

UABIN_O6XML=$o6xml UABIN_NODEOPCUA_DUMP=$work/nodeopcua.tsv go test -count=1 -v ./test/interop/xml/ >"$work/test.log" 2>&1 || {
  cat "$work/test.log"; exit 1
}
grep -v '^=== RUN\|^=== PAUSE\|^=== CONT' "$work/test.log"
