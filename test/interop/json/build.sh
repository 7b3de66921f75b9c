#!/usr/bin/env bash
# build.sh: builds the open62541 JSON cross-check program (c/o6json.c beside
# this script) against open62541 v1.5.7 built from its source tarball, and
# prints the path of the program on its last line.
#
# The tarball open62541-1.5.7.tar.xz is looked for in $UABIN_OPEN62541_DIR,
# else in ../shared/open62541-bench beside the repository. The build goes to
# $O6_JSON_BUILD, else ${XDG_CACHE_HOME:-$HOME/.cache}/uabin-open62541-json;
# every step is skipped when its output exists (the library takes about a
# minute on 2 cores, once). The library is configured like the reference
# benchmark's codec library: static, -O2, NS0 reduced, JSON on, XML, PubSub
# and encryption off. Needs cmake and gcc (apt-get install -y cmake gcc).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
dir=${UABIN_OPEN62541_DIR:-$root/../shared/open62541-bench}
tarball=$dir/open62541-1.5.7.tar.xz
build=${O6_JSON_BUILD:-${XDG_CACHE_HOME:-$HOME/.cache}/uabin-open62541-json}
[ -f "$tarball" ] || { echo "build.sh: no open62541 tarball at $tarball (set UABIN_OPEN62541_DIR)" >&2; exit 1; }
for tool in cmake gcc; do
  command -v "$tool" >/dev/null || { echo "build.sh: $tool is missing (apt-get install -y cmake gcc)" >&2; exit 1; }
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
  echo "-- building libopen62541 (JSON on, about a minute on 2 cores)" >&2
  cmake -S "$src" -B "$build/lib" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" \
    -DBUILD_SHARED_LIBS=OFF -DUA_NAMESPACE_ZERO=REDUCED \
    -DUA_ENABLE_PUBSUB=OFF -DUA_ENABLE_XML_ENCODING=OFF -DUA_ENABLE_JSON_ENCODING=ON \
    -DUA_ENABLE_AMALGAMATION=OFF -DUA_BUILD_EXAMPLES=OFF -DUA_BUILD_UNIT_TESTS=OFF \
    -DUA_ENABLE_ENCRYPTION=OFF >"$build/configure.log" 2>&1 ||
    { tail -20 "$build/configure.log" >&2; exit 1; }
  cmake --build "$build/lib" --target open62541 -j "${JOBS:-$(nproc)}" >"$build/build.log" 2>&1 ||
    { tail -20 "$build/build.log" >&2; exit 1; }
fi
prog=$build/bin/o6json
if [ ! -x "$prog" ] || [ "$here/c/o6json.c" -nt "$prog" ]; then
  mkdir -p "$build/bin"
  gcc -O2 -DNDEBUG -Wall -Wextra -Wno-unused-parameter -I"$build/lib/src_generated" -I"$src/include" -I"$src/plugins/include" \
    -I"$src/deps" -I"$src/arch" -o "$prog" "$here/c/o6json.c" "$lib" -lpthread -lm
fi
echo "$prog"
