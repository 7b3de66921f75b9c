#!/usr/bin/env bash
# build.sh [BUILD]: builds open62541 v1.5.7 with PubSub and the PubSub-Aes*-CTR
# policies, and this directory's C programs against it.
#
#   BUILD  build directory (default: $O6_PUBSUB_BUILD, or
#          ${XDG_CACHE_HOME:-$HOME/.cache}/uabin-open62541-pubsub)
#
# The tarball open62541-1.5.7.tar.xz is taken from $UABIN_OPEN62541_DIR, or
# from ../shared/open62541-bench beside the repository root. open62541 has its
# PubSub security policies (PubSub-Aes128-CTR, PubSub-Aes256-CTR) only in its
# mbedTLS backend, so the library is built with UA_ENABLE_ENCRYPTION=MBEDTLS
# (apt-get install -y cmake gcc libmbedtls-dev). Every step is skipped when
# its output is newer than its inputs; the library build takes 1-3 minutes on
# 2 cores, once. Prints the directory of the programs on its last line.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
dir=${UABIN_OPEN62541_DIR:-$root/../shared/open62541-bench}
tarball=$dir/open62541-1.5.7.tar.xz
build=${1:-${O6_PUBSUB_BUILD:-${XDG_CACHE_HOME:-$HOME/.cache}/uabin-open62541-pubsub}}
[ -f "$tarball" ] || { echo "build.sh: no open62541 tarball at $tarball (set UABIN_OPEN62541_DIR)" >&2; exit 1; }
for tool in cmake gcc; do
  command -v "$tool" >/dev/null || { echo "build.sh: $tool is missing (apt-get install -y cmake gcc libmbedtls-dev)" >&2; exit 1; }
done
mkdir -p "$build"
build=$(cd "$build" && pwd)
src=$build/src/open62541-1.5.7
lib=$build/lib/bin/libopen62541.a

if [ ! -f "$src/CMakeLists.txt" ]; then
  mkdir -p "$build/src"
  tar -xJf "$tarball" -C "$build/src"
fi
if [ ! -f "$lib" ]; then
  echo "-- building libopen62541 with PubSub and mbedTLS (1-3 minutes on 2 cores, once)" >&2
  cmake -S "$src" -B "$build/lib" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" \
    -DBUILD_SHARED_LIBS=OFF -DUA_NAMESPACE_ZERO=REDUCED \
    -DUA_ENABLE_PUBSUB=ON -DUA_ENABLE_PUBSUB_INFORMATIONMODEL=OFF \
    -DUA_ENABLE_XML_ENCODING=OFF -DUA_ENABLE_JSON_ENCODING=ON \
    -DUA_ENABLE_AMALGAMATION=OFF -DUA_BUILD_EXAMPLES=OFF -DUA_BUILD_UNIT_TESTS=OFF \
    -DUA_ENABLE_ENCRYPTION=MBEDTLS >"$build/configure.log" 2>&1 ||
    { tail -20 "$build/configure.log" >&2; exit 1; }
  cmake --build "$build/lib" --target open62541 -j "${JOBS:-$(nproc)}" >"$build/build.log" 2>&1 ||
    { tail -20 "$build/build.log" >&2; exit 1; }
fi
mkdir -p "$build/bin"
for prog in "$here"/c/*.c; do
  name=$(basename "$prog" .c)
  out=$build/bin/$name
  if [ ! -x "$out" ] || [ "$prog" -nt "$out" ] || [ "$lib" -nt "$out" ] || [ "$here/c/common.h" -nt "$out" ]; then
    gcc -O2 -DNDEBUG -I"$here/c" -I"$build/lib/src_generated" -I"$src/include" -I"$src/plugins/include" \
      -I"$src/deps" -I"$src/arch" -I"$src/src" -I"$src/src/pubsub" -o "$out" "$prog" "$lib" \
      -lmbedtls -lmbedx509 -lmbedcrypto -lpthread -lm
  fi
done
echo "$build/bin"
