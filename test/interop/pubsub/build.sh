#!/usr/bin/env bash
# build.sh: builds open62541 v1.5.7 with PubSub and the PubSub-Aes*-CTR
# policies, and this directory's C programs against it.
#
# open62541 has its PubSub security policies (PubSub-Aes128-CTR,
# PubSub-Aes256-CTR) only in its mbedTLS backend, so the library is
# test/interop/open62541/lib.sh's mbedtls configuration: the tarball from
# $UABIN_OPEN62541_DIR, else ../shared/open62541-bench beside the
# repository; the build cached under ${XDG_CACHE_HOME:-$HOME/.cache}/uabin-open62541
# (1-3 minutes on 2 cores, once; apt-get install -y cmake gcc
# libmbedtls-dev). The programs are rebuilt when their source is newer.
# Prints the directory of the programs on its last line.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(bash "$here/../open62541/lib.sh" mbedtls | tail -1)
src=$build/src/open62541-1.5.7
lib=$build/lib/bin/libopen62541.a
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
