package pubsub

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"sync"
	"time"
)

// Transport carries NetworkMessages: one datagram (or broker message) each.
// UDP implements it; an MQTT transport can be added behind the same
// interface. Implementations must be safe for one sender and one receiver
// at a time, and Close must end a blocked Receive.
type Transport interface {
	// Send sends one NetworkMessage.
	Send(ctx context.Context, b []byte) error
	// Receive reads one NetworkMessage into b and returns its length. A
	// message longer than b is reported with an error (UDP cuts it).
	Receive(ctx context.Context, b []byte) (int, error)
	// Close releases the transport; later calls fail with ErrClosed.
	Close() error
}

// UDP is a Transport over UDP (Part 14 §7.3.2, opc.udp): unicast or
// multicast, IPv4 or IPv6.
type UDP struct {
	conn   *net.UDPConn
	dst    *net.UDPAddr // nil for a receive-only transport
	mu     sync.Mutex
	closed bool
}

// UDPOptions configures DialUDP and ListenUDP.
type UDPOptions struct {
	// Interface is the network interface of multicast traffic (for
	// example "lo"); "" lets the system choose.
	Interface string
	// TTL is the multicast TTL (hop limit); 0 means 1, the packets stay on
	// the local network.
	TTL int
	// ReuseAddress sets SO_REUSEADDR and SO_REUSEPORT on a listening
	// socket, so that other programs on the host can bind the same
	// address (open62541 binds the address of each of its connections).
	ReuseAddress bool
}

// DialUDP returns a sending UDP transport to addr ("host:port"; a multicast
// group or a unicast address). For multicast it sets the outgoing interface
// and TTL (Linux, BSD and macOS).
func DialUDP(addr string, o UDPOptions) (*UDP, error) {
	ua, err := net.ResolveUDPAddr("udp", addr)
	if err != nil {
		return nil, fmt.Errorf("pubsub: %w", err)
	}
	var laddr *net.UDPAddr
	if ua.IP.To4() == nil {
		laddr = &net.UDPAddr{IP: net.IPv6unspecified}
	}
	conn, err := net.ListenUDP(udpNetwork(ua), laddr)
	if err != nil {
		return nil, fmt.Errorf("pubsub: %w", err)
	}
	if ua.IP.IsMulticast() {
		if err := setMulticastSend(conn, ua, o); err != nil {
			conn.Close()
			return nil, err
		}
	}
	return &UDP{conn: conn, dst: ua}, nil
}

// ListenUDP returns a receiving UDP transport on addr ("host:port"): a
// multicast group, joined on o.Interface, or a unicast address to bind.
func ListenUDP(addr string, o UDPOptions) (*UDP, error) {
	ua, err := net.ResolveUDPAddr("udp", addr)
	if err != nil {
		return nil, fmt.Errorf("pubsub: %w", err)
	}
	var conn *net.UDPConn
	if ua.IP.IsMulticast() {
		var ifi *net.Interface
		if o.Interface != "" {
			if ifi, err = net.InterfaceByName(o.Interface); err != nil {
				return nil, fmt.Errorf("pubsub: %w", err)
			}
		}
		conn, err = net.ListenMulticastUDP(udpNetwork(ua), ifi, ua)
	} else if o.ReuseAddress {
		lc := net.ListenConfig{Control: reuseControl}
		var pc net.PacketConn
		pc, err = lc.ListenPacket(context.Background(), udpNetwork(ua), ua.String())
		if err == nil {
			conn = pc.(*net.UDPConn)
		}
	} else {
		conn, err = net.ListenUDP(udpNetwork(ua), ua)
	}
	if err != nil {
		return nil, fmt.Errorf("pubsub: %w", err)
	}
	return &UDP{conn: conn}, nil
}

func udpNetwork(a *net.UDPAddr) string {
	if a.IP.To4() != nil {
		return "udp4"
	}
	return "udp6"
}

// LocalAddr returns the local address (the port a ListenUDP on port 0 got).
func (u *UDP) LocalAddr() *net.UDPAddr { return u.conn.LocalAddr().(*net.UDPAddr) }

// Send sends b as one datagram to the transport's destination.
func (u *UDP) Send(ctx context.Context, b []byte) error {
	if u.dst == nil {
		return errors.New("pubsub: UDP transport opened with ListenUDP cannot send")
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if dl, ok := ctx.Deadline(); ok {
		u.conn.SetWriteDeadline(dl)
	} else {
		u.conn.SetWriteDeadline(time.Time{})
	}
	_, err := u.conn.WriteToUDP(b, u.dst)
	return u.wrap(err)
}

// errMessageCut: a datagram was longer than the receive buffer.
var errMessageCut = errors.New("pubsub: datagram longer than the receive buffer")

// Receive reads one datagram into b. It returns when one arrives, when ctx is
// done (with ctx.Err()) or when the transport is closed (ErrClosed).
func (u *UDP) Receive(ctx context.Context, b []byte) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	stop := context.AfterFunc(ctx, func() { u.conn.SetReadDeadline(time.Unix(1, 0)) })
	defer stop()
	if dl, ok := ctx.Deadline(); ok {
		u.conn.SetReadDeadline(dl)
	} else {
		u.conn.SetReadDeadline(time.Time{})
	}
	n, flags, _, _, err := u.conn.ReadMsgUDP(b, nil)
	if err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			if dl, ok := ctx.Deadline(); ctx.Err() != nil || (ok && !time.Now().Before(dl)) {
				<-ctx.Done()
				return 0, ctx.Err()
			}
		}
		return 0, u.wrap(err)
	}
	if flags&msgTrunc != 0 {
		return n, errMessageCut
	}
	return n, nil
}

func (u *UDP) wrap(err error) error {
	if err == nil {
		return nil
	}
	u.mu.Lock()
	closed := u.closed
	u.mu.Unlock()
	if closed || errors.Is(err, net.ErrClosed) {
		return ErrClosed
	}
	return fmt.Errorf("pubsub: %w", err)
}

// Close closes the socket; a blocked Receive returns ErrClosed.
func (u *UDP) Close() error {
	u.mu.Lock()
	if u.closed {
		u.mu.Unlock()
		return nil
	}
	u.closed = true
	u.mu.Unlock()
	return u.conn.Close()
}
