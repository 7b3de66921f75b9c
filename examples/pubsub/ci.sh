#!/usr/bin/env bash
# ci.sh: runs the example as .ci/run does. Where it can (root and unshare),
# in a network namespace of its own whose loopback interface does multicast,
# so that the multicast path is the one taken; else on the host's loopback
# (unicast when its lo has no multicast).
set -euo pipefail
bin=$(mktemp -d)/pubsub
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" .
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null && command -v ip >/dev/null &&
  unshare --net true 2>/dev/null; then
  timeout 60 unshare --net sh -c "ip link set lo up && ip link set lo multicast on && '$bin'"
else
  timeout 60 "$bin"
fi
