#!/bin/sh
# CI runs this instead of `go run ./examples/inspect` (which would wait for
# stdin): inspect the sample stream as text and the bare message as JSON.
set -eu
cd "$(dirname "$0")"
go run . testdata/stream.bin
go run . -json testdata/readrequest.bin
