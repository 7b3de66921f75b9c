#!/usr/bin/env bash
# ci.sh: what .ci/run does for this example. It is a module of its own (it
# imports github.com/uabin/uabin/pubsub/mqtt, which brings the MQTT client),
# so a `go run ./examples/pubsub-mqtt` from the root cannot build it. Installs
# mosquitto when missing (pubsub/mqtt/run.sh install), checks the module and
# runs the example (it starts and stops a mosquitto of its own).
set -euo pipefail
cd "$(dirname "$0")"
bash ../../pubsub/mqtt/run.sh install >/dev/null
go vet .
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 .
out=$(go run .)
head -n 5 <<<"$out"
for want in 'status Operational' 'DataSet "Pump" of writer 1: Speed Double, Running Boolean' \
  'JSON writer 1 seq 2 Speed=1452 Running=true' 'UADP Publisher "pump-7" WriterGroup 1 writer 1 seq 2' 'status Disabled'; do
  grep -qF "$want" <<<"$out" || { echo "missing from the output: $want"; echo "$out"; exit 1; }
done
