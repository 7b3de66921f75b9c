#!/usr/bin/env bash
# lib.sh BACKEND: builds the static open62541 v1.5.7 library that the
# interop programs of test/interop link against, and prints the build
# directory on its last line (the library is lib/bin/libopen62541.a there,
# the source src/open62541-1.5.7, the generated headers lib/src_generated).
#
#   BACKEND  openssl: UA_ENABLE_ENCRYPTION=OPENSSL, which has the ECC
#                     policies (test/interop/open62541) and serves the JSON
#                     cross-check (test/interop/json); JSON on, PubSub off.
#            mbedtls: UA_ENABLE_ENCRYPTION=MBEDTLS with PubSub on: open62541
#                     has the PubSub-Aes*-CTR policies only in its mbedTLS
#                     backend (test/interop/pubsub); JSON on.
#
# The tarball open62541-1.5.7.tar.xz is taken from $UABIN_OPEN62541_DIR, or
# from ../shared/open62541-bench beside the repository root. The build goes
# to $O6_BUILD_DIR/BACKEND, default ${XDG_CACHE_HOME:-$HOME/.cache}/uabin-open62541/BACKEND,
# and is skipped when the library exists: each configuration takes 1-2
# minutes on 2 cores, once. Both are -O2, static, NS0 reduced, XML off, as
# the reference benchmark's library. Needs cmake, gcc and libssl-dev or
# libmbedtls-dev.
set -euo pipefail
backend=${1:?usage: lib.sh openssl|mbedtls}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
tarball=${UABIN_OPEN62541_DIR:-$root/../shared/open62541-bench}/open62541-1.5.7.tar.xz
case $backend in
  openssl) opts=(-DUA_ENABLE_ENCRYPTION=OPENSSL -DUA_ENABLE_PUBSUB=OFF) ;;
  mbedtls) opts=(-DUA_ENABLE_ENCRYPTION=MBEDTLS -DUA_ENABLE_PUBSUB=ON -DUA_ENABLE_PUBSUB_INFORMATIONMODEL=OFF) ;;
  *) echo "lib.sh: unknown backend $backend (openssl or mbedtls)" >&2; exit 2 ;;
esac
[ -f "$tarball" ] || { echo "lib.sh: no open62541 tarball at $tarball (set UABIN_OPEN62541_DIR to the directory holding open62541-1.5.7.tar.xz)" >&2; exit 1; }
for tool in cmake gcc; do
  command -v "$tool" >/dev/null || { echo "lib.sh: $tool is missing (apt-get install -y cmake gcc libssl-dev libmbedtls-dev)" >&2; exit 1; }
done
build=${O6_BUILD_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/uabin-open62541}/$backend
mkdir -p "$build"
build=$(cd "$build" && pwd)
src=$build/src/open62541-1.5.7
if [ ! -f "$src/CMakeLists.txt" ]; then
  mkdir -p "$build/src"
  tar -xJf "$tarball" -C "$build/src"
fi
if [ ! -f "$build/lib/bin/libopen62541.a" ]; then
  echo "-- building libopen62541 ($backend, 1-2 minutes on 2 cores, once)" >&2
  cmake -S "$src" -B "$build/lib" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" \
    -DBUILD_SHARED_LIBS=OFF -DUA_NAMESPACE_ZERO=REDUCED \
    -DUA_ENABLE_XML_ENCODING=OFF -DUA_ENABLE_JSON_ENCODING=ON \
    -DUA_ENABLE_AMALGAMATION=OFF -DUA_BUILD_EXAMPLES=OFF -DUA_BUILD_UNIT_TESTS=OFF \
    "${opts[@]}" >"$build/configure.log" 2>&1 ||
    { tail -20 "$build/configure.log" >&2; exit 1; }
  cmake --build "$build/lib" --target open62541 -j "${JOBS:-$(nproc)}" >"$build/build.log" 2>&1 ||
    { tail -20 "$build/build.log" >&2; exit 1; }
fi
echo "$build"
