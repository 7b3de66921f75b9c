#!/usr/bin/env bash
# ci.sh: what .ci/run does for this example (it needs a server, so a bare
# `go run` would only print its usage). It builds the command and checks its
# failure reports without a server; with UABIN_INTEROP_ENDPOINT set (see
# test/interop/run.sh) it also reads and browses the server there.
set -euo pipefail
cd "$(dirname "$0")"
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/client" .

# -endpoint is required: usage error, exit code 2.
code=0; "$bin/client" 2>"$bin/err" || code=$?
[ "$code" -eq 2 ] && grep -q -- '-endpoint is required' "$bin/err" || { echo "missing -endpoint: exit $code"; cat "$bin/err"; exit 1; }

# Nothing listens on port 1: one line naming BadNotConnected, exit code 1.
code=0; "$bin/client" -endpoint opc.tcp://127.0.0.1:1 -read i=2259 -timeout 5s 2>"$bin/err" || code=$?
[ "$code" -eq 1 ] && [ "$(wc -l < "$bin/err")" -eq 1 ] && grep -q BadNotConnected "$bin/err" || { echo "refused connection: exit $code"; cat "$bin/err"; exit 1; }
cat "$bin/err"

if [ -n "${UABIN_INTEROP_ENDPOINT:-}" ]; then
  "$bin/client" -endpoint "$UABIN_INTEROP_ENDPOINT" -read i=2259 -browse i=85
fi
echo "examples/client: ok"
