#!/bin/sh
# CI runs this instead of `go run ./examples/inspect` (which would wait for
# stdin): inspect the sample stream as text and the bare message as JSON.
# The sample stream holds a message of a type nobody registered (#7), so
# inspect prints everything and exits with status 1; the bare message
# decodes, status 0.
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/inspect" .
status=0
"$tmp/inspect" testdata/stream.bin || status=$?
if [ "$status" -ne 1 ]; then
	echo "inspect testdata/stream.bin: exit status $status, want 1" >&2
	exit 1
fi
"$tmp/inspect" -json testdata/readrequest.bin
