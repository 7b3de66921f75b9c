//go:build linux || darwin || freebsd || netbsd || openbsd

package pubsub

import (
	"fmt"
	"net"
	"syscall"
)

const msgTrunc = syscall.MSG_TRUNC

func reuseControl(network, address string, c syscall.RawConn) error {
	var serr error
	err := c.Control(func(fd uintptr) {
		if serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_REUSEADDR, 1); serr != nil {
			return
		}
		serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, soReusePort, 1)
	})
	if err != nil {
		return err
	}
	return serr
}

// setMulticastSend sets the outgoing interface and TTL of multicast datagrams.
func setMulticastSend(conn *net.UDPConn, group *net.UDPAddr, o UDPOptions) error {
	ttl := o.TTL
	if ttl <= 0 {
		ttl = 1
	}
	var ifi *net.Interface
	if o.Interface != "" {
		var err error
		if ifi, err = net.InterfaceByName(o.Interface); err != nil {
			return fmt.Errorf("pubsub: %w", err)
		}
	}
	rc, err := conn.SyscallConn()
	if err != nil {
		return fmt.Errorf("pubsub: %w", err)
	}
	var serr error
	err = rc.Control(func(fd uintptr) {
		if group.IP.To4() != nil {
			if serr = syscall.SetsockoptInt(int(fd), syscall.IPPROTO_IP, syscall.IP_MULTICAST_TTL, ttl); serr != nil {
				return
			}
			if ifi != nil {
				var a [4]byte
				addrs, _ := ifi.Addrs()
				for _, ad := range addrs {
					if ipn, ok := ad.(*net.IPNet); ok && ipn.IP.To4() != nil {
						copy(a[:], ipn.IP.To4())
						break
					}
				}
				serr = syscall.SetsockoptInet4Addr(int(fd), syscall.IPPROTO_IP, syscall.IP_MULTICAST_IF, a)
			}
			return
		}
		if serr = syscall.SetsockoptInt(int(fd), syscall.IPPROTO_IPV6, syscall.IPV6_MULTICAST_HOPS, ttl); serr != nil {
			return
		}
		if ifi != nil {
			serr = syscall.SetsockoptInt(int(fd), syscall.IPPROTO_IPV6, syscall.IPV6_MULTICAST_IF, ifi.Index)
		}
	})
	if err == nil {
		err = serr
	}
	if err != nil {
		return fmt.Errorf("pubsub: multicast options: %w", err)
	}
	return nil
}
