#!/usr/bin/env bash
# build.sh: builds o6xml (c/o6xml.c beside this script), the XML encoding of
# open62541 v1.5.7 (UA_decodeXml, UA_encodeXml) as a filter program, and
# prints the path of the program on its last line.
#
# The library is a build of its own, because the other interop programs of
# test/interop link a library with XML off: the tarball open62541-1.5.7.tar.xz
# from $UABIN_OPEN62541_DIR, else ../shared/open62541-bench beside the
# repository, configured like the reference benchmark's codec library
# (static, -O2, NS0 reduced, all namespace-0 data types) with
# UA_ENABLE_XML_ENCODING on (JSON on too: 1.5.7 needs it for its event
# filter parser) and encryption and PubSub off. It is cached
# under $O6_BUILD_DIR/xml, default ${XDG_CACHE_HOME:-$HOME/.cache}/uabin-open62541/xml
# (about a minute on 2 cores, once). Needs cmake and gcc.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
tarball=${UABIN_OPEN62541_DIR:-$root/../shared/open62541-bench}/open62541-1.5.7.tar.xz
[ -f "$tarball" ] || { echo "build.sh: no open62541 tarball at $tarball (set UABIN_OPEN62541_DIR to the directory holding open62541-1.5.7.tar.xz)" >&2; exit 1; }
for tool in cmake gcc; do
  command -v "$tool" >/dev/null || { echo "build.sh: $tool is missing (apt-get install -y cmake gcc)" >&2; exit 1; }
done
build=${O6_BUILD_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/uabin-open62541}/xml
mkdir -p "$build"
build=$(cd "$build" && pwd)
src=$build/src/open62541-1.5.7
lib=$build/lib/bin/libopen62541.a
if [ ! -f "$src/CMakeLists.txt" ]; then
  mkdir -p "$build/src"
  tar -xJf "$tarball" -C "$build/src"
fi
if [ ! -f "$lib" ]; then
  echo "-- building libopen62541 with the XML encoding (about a minute on 2 cores, once)" >&2
  cmake -S "$src" -B "$build/lib" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" \
    -DBUILD_SHARED_LIBS=OFF -DUA_NAMESPACE_ZERO=REDUCED -DUA_ENABLE_DATATYPES_ALL=ON \
    -DUA_ENABLE_XML_ENCODING=ON -DUA_ENABLE_JSON_ENCODING=ON \
    -DUA_ENABLE_ENCRYPTION=OFF -DUA_ENABLE_PUBSUB=OFF \
    -DUA_ENABLE_AMALGAMATION=OFF -DUA_BUILD_EXAMPLES=OFF -DUA_BUILD_UNIT_TESTS=OFF \
    >"$build/configure.log" 2>&1 ||
    { tail -20 "$build/configure.log" >&2; exit 1; }
  cmake --build "$build/lib" --target open62541 -j "${JOBS:-$(nproc)}" >"$build/build.log" 2>&1 ||
    { tail -20 "$build/build.log" >&2; exit 1; }
fi
prog=$build/bin/o6xml
if [ ! -x "$prog" ] || [ "$here/c/o6xml.c" -nt "$prog" ]; then
  mkdir -p "$build/bin"
  gcc -O2 -DNDEBUG -Wall -Wextra -Wno-unused-parameter -I"$build/lib/src_generated" -I"$src/include" \
    -I"$src/plugins/include" -I"$src/deps" -I"$src/arch" -o "$prog" "$here/c/o6xml.c" "$lib" -lpthread -lm
fi
echo "$prog"
