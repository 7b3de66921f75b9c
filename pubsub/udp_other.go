//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package pubsub

import (
	"errors"
	"net"
	"syscall"
)

const msgTrunc = 0

func setMulticastSend(conn *net.UDPConn, group *net.UDPAddr, o UDPOptions) error {
	if o.Interface != "" || o.TTL > 1 {
		return errors.New("pubsub: multicast interface and TTL are set on Linux, BSD and macOS only")
	}
	return nil
}

func reuseControl(network, address string, c syscall.RawConn) error {
	return errors.New("pubsub: ReuseAddress is supported on Linux, BSD and macOS only")
}
