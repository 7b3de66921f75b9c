#!/usr/bin/env bash
# run.sh: the MQTT transport's checks and its tests against real brokers, in
# one command (from anywhere):
#
#   bash pubsub/mqtt/run.sh           # vet, staticcheck, the tests with mosquitto
#   bash pubsub/mqtt/run.sh install   # only install mosquitto when missing
#
# pubsub/mqtt is a Go module of its own (so that the MQTT client is no
# dependency of github.com/uabin/uabin): the root's `go test ./...` does not
# reach it. Installs mosquitto from the distribution's packages when missing
# (Debian: apt-get install mosquitto). The tests do not use a mosquitto
# service: each starts mosquitto processes of its own on 127.0.0.1 with a
# generated configuration (ephemeral ports, TLS certificates and password
# files made by the test) and stops them at its end. UABIN_MOSQUITTO tells
# them where the binary is; without it they skip.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

find_mosquitto() { command -v mosquitto 2>/dev/null || { [ -x /usr/sbin/mosquitto ] && echo /usr/sbin/mosquitto; } || true; }
mosq=${UABIN_MOSQUITTO:-$(find_mosquitto)}
if [ -z "$mosq" ] || ! command -v mosquitto_passwd >/dev/null; then
  echo "-- installing mosquitto from the distribution's packages"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -q mosquitto >/dev/null 2>&1 || { $sudo apt-get update -q && $sudo apt-get install -y -q mosquitto; }
  mosq=$(find_mosquitto)
fi
[ "${1:-}" = install ] && { echo "$mosq"; exit 0; }
echo "-- $("$mosq" -h 2>&1 | head -1 || true) at $mosq"
cd "$here"
go vet ./...
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...
export UABIN_MOSQUITTO=$mosq
# the load-and-fault tests print their tables (-v); the race detector runs
# on the protocol tests, not on the 10,000-message load
log=$(mktemp)
trap 'rm -f "$log"' EXIT
go test -count=1 -v -timeout 10m ./... >"$log" 2>&1 || { cat "$log"; exit 1; }
grep -E '^(\||--- |ok|PASS)|_test.go' "$log"
go test -count=1 -race -run 'TestBroker' ./...
