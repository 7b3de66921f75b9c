//go:build darwin || freebsd || netbsd || openbsd

package pubsub

import "syscall"

const soReusePort = syscall.SO_REUSEPORT
