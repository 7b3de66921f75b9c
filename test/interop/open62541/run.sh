#!/usr/bin/env bash
# run.sh: the ECC interop tests against open62541, in one command.
#
#   bash test/interop/open62541/run.sh
#
# The open62541 v1.5.7 source tarball is taken from the directory named by
# UABIN_OPEN62541_DIR (the one holding open62541-1.5.7.tar.xz), by default
# ../shared/open62541-bench beside the repository (see build.sh).
#
# Installs cmake, gcc, openssl and libssl-dev from the distribution's packages if they
# are missing, builds the open62541 ECC server with build.sh (the first build
# takes about a minute on 2 cores, later runs reuse it), starts
# it on a free loopback port for at most 10 minutes, waits (bounded) until it
# listens, runs `go test ./test/interop/open62541/` with
# UABIN_O6_ECC_ENDPOINT set, runs the example command once per ECC policy and
# mode against it (reading the 20,000 Doubles in 8 KiB chunks), and always
# stops the server by its process id.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
cd "$root"

have_ssl_headers() { echo '#include <openssl/evp.h>' | gcc -E -x c - >/dev/null 2>&1; }
if ! command -v cmake >/dev/null || ! command -v gcc >/dev/null || ! command -v openssl >/dev/null || ! have_ssl_headers; then
  echo "-- installing cmake, gcc, openssl and libssl-dev from the distribution's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q cmake gcc openssl libssl-dev
fi
server=$(bash "$here/build.sh" | tail -1)
pki=$(dirname "$(dirname "$server")")/pki

work=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

log=$work/server.log
"$server" 0 600 "$pki" >"$log" 2>&1 &
server_pid=$!
endpoint=
for _ in $(seq 1 100); do
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "the server exited before it was ready:"; cat "$log"; exit 1
  fi
  endpoint=$(sed -n 's/^SERVER READY //p' "$log")
  [ -n "$endpoint" ] && break
  sleep 0.1
done
[ -n "$endpoint" ] || { echo "the server did not get ready in 10 s:"; cat "$log"; exit 1; }
echo "-- open62541 ECC server pid $server_pid at $endpoint"
grep '^endpoint ' "$log" || true

UABIN_O6_ECC_ENDPOINT=$endpoint go test -count=1 -v ./test/interop/open62541/
go build -o "$work/client" ./examples/client
for policy in ECC_nistP256 ECC_nistP384 ECC_nistP256_AesGcm ECC_nistP256_ChaChaPoly ECC_curve25519 ECC_curve448; do
  for mode in Sign SignAndEncrypt; do
    echo "-- examples/client -security $policy -mode $mode -bufsize 8192"
    "$work/client" -endpoint "$endpoint" -security "$policy" -mode "$mode" -bufsize 8192 \
      -read 'ns=1;s=Demo.Double' -read 'ns=1;s=Demo.String' -read 'ns=1;s=Demo.LargeDouble' -browse 'ns=1;s=Demo'
  done
done
echo "-- done"
