#!/usr/bin/env bash
# build.sh: builds the open62541 ECC interop server.
#
# Builds (once) the open62541 library of the OpenSSL backend, which compiles
# the ECC policies, with lib.sh beside this script (the tarball from
# $UABIN_OPEN62541_DIR, else ../shared/open62541-bench beside the
# repository; the build cached under ${XDG_CACHE_HOME:-$HOME/.cache}/uabin-open62541,
# see lib.sh), compiles server/ecc_server.c against it, and makes
# certificates for the server (EC nistP256 and nistP384, Ed25519 and Ed448,
# self-signed, SAN URI urn:open62541.server.application). Every step is
# skipped when its output exists. Needs cmake, gcc, openssl and libssl-dev
# (apt-get install -y cmake libssl-dev). Prints the path of the server binary
# on its last line.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command -v openssl >/dev/null || { echo "build.sh: openssl is missing (apt-get install -y openssl libssl-dev)" >&2; exit 1; }
build=$(bash "$here/lib.sh" openssl | tail -1)
src=$build/src/open62541-1.5.7
lib=$build/lib/bin/libopen62541.a
server=$build/bin/ecc_server
if [ ! -x "$server" ] || [ "$here/server/ecc_server.c" -nt "$server" ]; then
  mkdir -p "$build/bin"
  gcc -O2 -DNDEBUG -I"$build/lib/src_generated" -I"$src/include" -I"$src/plugins/include" \
    -I"$src/deps" -I"$src/arch" -o "$server" "$here/server/ecc_server.c" "$lib" -lssl -lcrypto -lpthread -lm
fi
pki=$build/pki
mkdir -p "$pki"
# name:key algorithm:curve:digest (EdDSA has no digest option)
for spec in p256:ec:prime256v1:-sha256 p384:ec:secp384r1:-sha384 ed25519:ed25519:: ed448:ed448::; do
  IFS=: read -r name alg curve md <<<"$spec"
  [ -f "$pki/${name}_cert.der" ] && [ -f "$pki/${name}_key.der" ] && continue
  cat >"$pki/openssl.cnf" <<'CNF'
[req]
distinguished_name = dn
x509_extensions = ext
prompt = no
[dn]
O = uabin interop
CN = open62541 ECC interop server
[ext]
subjectAltName = URI:urn:open62541.server.application,DNS:localhost,IP:127.0.0.1
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,nonRepudiation,keyAgreement
extendedKeyUsage = serverAuth,clientAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
CNF
  keyopts=()
  [ -n "$curve" ] && keyopts=(-pkeyopt "ec_paramgen_curve:$curve")
  mdopts=()
  [ -n "$md" ] && mdopts=("$md")
  # keyAgreement is for ECDH keys; EdDSA keys only sign.
  usage=digitalSignature,nonRepudiation,keyAgreement
  [ "$alg" = ec ] || usage=digitalSignature,nonRepudiation
  sed -i "s/^keyUsage = .*/keyUsage = critical,$usage/" "$pki/openssl.cnf"
  openssl req -x509 -newkey "$alg" "${keyopts[@]}" -nodes "${mdopts[@]}" -days 3650 \
    -config "$pki/openssl.cnf" -keyout "$pki/${name}_key.pem" -out "$pki/${name}_cert.pem" 2>/dev/null
  openssl x509 -in "$pki/${name}_cert.pem" -outform DER -out "$pki/${name}_cert.der"
  openssl pkey -in "$pki/${name}_key.pem" -outform DER -out "$pki/${name}_key.der"
done
echo "$server"
