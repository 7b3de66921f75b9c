#!/usr/bin/env bash
# build.sh: builds open62541 v1.5.7 with PubSub and JSON (the library of
# test/interop/open62541/lib.sh mbedtls, shared with test/interop/pubsub and
# cached under ${XDG_CACHE_HOME:-$HOME/.cache}/uabin-open62541) and this
# directory's C program against it. Prints the program's path on its last
# line.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(bash "$here/../open62541/lib.sh" mbedtls | tail -1)
src=$build/src/open62541-1.5.7
lib=$build/lib/bin/libopen62541.a
mkdir -p "$build/bin"
out=$build/bin/o6nmjson
prog=$here/c/o6nmjson.c
if [ ! -x "$out" ] || [ "$prog" -nt "$out" ] || [ "$lib" -nt "$out" ]; then
  gcc -O2 -DNDEBUG -I"$build/lib/src_generated" -I"$src/include" -I"$src/plugins/include" \
    -I"$src/deps" -I"$src/arch" -o "$out" "$prog" "$lib" -lmbedtls -lmbedx509 -lmbedcrypto -lpthread -lm
fi
echo "$out"
