#!/usr/bin/env bash
# build.sh: builds the open62541 JSON cross-check program (c/o6json.c beside
# this script) against open62541 v1.5.7 and prints the path of the program
# on its last line.
#
# The library is the one of the ECC interop server (OpenSSL backend, JSON
# on), built once by test/interop/open62541/lib.sh: the tarball from
# $UABIN_OPEN62541_DIR, else ../shared/open62541-bench beside the
# repository, the build cached under ${XDG_CACHE_HOME:-$HOME/.cache}/uabin-open62541
# (about a minute on 2 cores, once). It is configured like the reference
# benchmark's codec library (static, -O2, NS0 reduced, JSON on, XML off);
# encryption does not touch the JSON codec. Needs cmake, gcc and libssl-dev.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(bash "$here/../open62541/lib.sh" openssl | tail -1)
src=$build/src/open62541-1.5.7
lib=$build/lib/bin/libopen62541.a
prog=$build/bin/o6json
if [ ! -x "$prog" ] || [ "$here/c/o6json.c" -nt "$prog" ]; then
  mkdir -p "$build/bin"
  gcc -O2 -DNDEBUG -Wall -Wextra -Wno-unused-parameter -I"$build/lib/src_generated" -I"$src/include" -I"$src/plugins/include" \
    -I"$src/deps" -I"$src/arch" -o "$prog" "$here/c/o6json.c" "$lib" -lssl -lcrypto -lpthread -lm
fi
echo "$prog"
