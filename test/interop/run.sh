#!/usr/bin/env bash
# run.sh: the interop tests against a real OPC UA server, self-contained.
#
#   bash test/interop/run.sh
#
# Installs Node.js and npm from the distribution's packages if they are
# missing, installs the pinned node-opcua with `npm ci`, starts server.mjs on
# 127.0.0.1 with a free port and a temporary PKI folder, waits (bounded) until
# it listens, runs `go test ./test/interop/...` with UABIN_INTEROP_ENDPOINT
# set, runs the example client once against it, and always stops the server
# by its process id.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "-- installing nodejs and npm from the distribution's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q nodejs npm
fi
echo "-- node $(node --version), npm $(npm --version)"
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ]; then
  echo "warning: node-opcua 2.186 is tested here on Node 20 (its engines field asks for 22); this Node is older"
fi

echo "-- npm ci (node-opcua $(sed -n 's/.*"node-opcua": "\(.*\)".*/\1/p' "$here/package.json"))"
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error)

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

# A free port: bind port 0 on loopback, read the port, release it.
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
log="$work/server.log"
: > "$log"
node "$here/server.mjs" --port "$port" --pki "$work/pki" > "$log" 2>&1 &
server_pid=$!
echo "-- node-opcua server pid $server_pid on 127.0.0.1:$port"

# Wait until it prints READY and accepts connections, at most 120 s.
endpoint=
for _ in $(seq 1 240); do
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "the server exited before it was ready:"; cat "$log"; exit 1
  fi
  endpoint=$(sed -n 's/^READY //p' "$log")
  if [ -n "$endpoint" ] && (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    break
  fi
  endpoint=
  sleep 0.5
done
if [ -z "$endpoint" ]; then
  echo "the server was not ready after 120 s:"; cat "$log"; exit 1
fi
echo "-- server ready at $endpoint"

status=0
UABIN_INTEROP_ENDPOINT="$endpoint" go test -count=1 -v ./test/interop/... > "$work/test.log" 2>&1 || status=$?
grep -E '^(=== RUN|--- |PASS|FAIL|ok|panic)|_test.go' "$work/test.log" | grep -v '^=== RUN' || true
if [ "$status" -ne 0 ]; then
  echo "-- interop tests failed; full log:"; cat "$work/test.log"
  echo "-- server log (last 50 lines):"; tail -n 50 "$log"
  exit "$status"
fi

echo "-- example client: go run ./examples/client -endpoint $endpoint -read i=2259 -browse i=85"
go run ./examples/client -endpoint "$endpoint" -read i=2259 -read 'ns=1;s=Matrix.Int32' -browse i=85
