package chunk

import (
	"encoding/binary"
	"fmt"
)

// Hello is the UA TCP Hello message a client sends first (§7.1.2.3).
type Hello struct {
	// ProtocolVersion is the version of the UA TCP protocol; 0 today.
	ProtocolVersion uint32
	// ReceiveBufferSize is the largest chunk the client can receive; at
	// least 8192.
	ReceiveBufferSize uint32
	// SendBufferSize is the largest chunk the client will send; at least
	// 8192.
	SendBufferSize uint32
	// MaxMessageSize is the largest response body the client accepts; 0
	// means no limit.
	MaxMessageSize uint32
	// MaxChunkCount is the largest number of chunks in a response; 0 means
	// no limit.
	MaxChunkCount uint32
	// EndpointURL is the URL of the endpoint the client wants; at most
	// 4096 bytes.
	EndpointURL string
}

// Append validates h and appends the whole HEL message (header included) to
// b. On error b is returned unchanged.
func (h *Hello) Append(b []byte) ([]byte, error) {
	if err := checkBuffers(TypeHello, h.ReceiveBufferSize, h.SendBufferSize); err != nil {
		return b, err
	}
	if len(h.EndpointURL) > MaxURLLength {
		return b, errorf(ErrEndpointURL, TypeHello, -1, "endpoint url of %d bytes, the limit is %d", len(h.EndpointURL), MaxURLLength)
	}
	start := len(b)
	b = Header{Type: TypeHello, Chunk: ChunkFinal}.Append(b)
	b = appendUint32s(b, h.ProtocolVersion, h.ReceiveBufferSize, h.SendBufferSize, h.MaxMessageSize, h.MaxChunkCount)
	b = appendString(b, h.EndpointURL)
	return setSize(b, start), nil
}

// ParseHello parses a whole HEL message (header included) and validates it
// as Append does.
func ParseHello(msg []byte) (Hello, error) {
	var h Hello
	p, err := newTCPParser(msg, TypeHello)
	if err != nil {
		return h, err
	}
	h.ProtocolVersion, h.ReceiveBufferSize, h.SendBufferSize, h.MaxMessageSize, h.MaxChunkCount = p.u32(), p.u32(), p.u32(), p.u32(), p.u32()
	url := p.str(MaxURLLength, ErrEndpointURL)
	if err := p.end(); err != nil {
		return Hello{}, err
	}
	h.EndpointURL = string(url)
	if err := checkBuffers(TypeHello, h.ReceiveBufferSize, h.SendBufferSize); err != nil {
		return Hello{}, err
	}
	return h, nil
}

// Acknowledge is the UA TCP Acknowledge message a server answers a Hello
// with (§7.1.2.4): the buffer sizes and limits it revised.
type Acknowledge struct {
	// ProtocolVersion is the server's protocol version; 0 today.
	ProtocolVersion uint32
	// ReceiveBufferSize is the largest chunk the server can receive (no
	// larger than the client's SendBufferSize); at least 8192.
	ReceiveBufferSize uint32
	// SendBufferSize is the largest chunk the server will send (no larger
	// than the client's ReceiveBufferSize); at least 8192.
	SendBufferSize uint32
	// MaxMessageSize is the largest request body the server accepts; 0
	// means no limit.
	MaxMessageSize uint32
	// MaxChunkCount is the largest number of chunks in a request; 0 means
	// no limit.
	MaxChunkCount uint32
}

// Append validates a and appends the whole ACK message to b. On error b is
// returned unchanged.
func (a *Acknowledge) Append(b []byte) ([]byte, error) {
	if err := checkBuffers(TypeAcknowledge, a.ReceiveBufferSize, a.SendBufferSize); err != nil {
		return b, err
	}
	start := len(b)
	b = Header{Type: TypeAcknowledge, Chunk: ChunkFinal}.Append(b)
	b = appendUint32s(b, a.ProtocolVersion, a.ReceiveBufferSize, a.SendBufferSize, a.MaxMessageSize, a.MaxChunkCount)
	return setSize(b, start), nil
}

// ParseAcknowledge parses a whole ACK message and validates it.
func ParseAcknowledge(msg []byte) (Acknowledge, error) {
	var a Acknowledge
	p, err := newTCPParser(msg, TypeAcknowledge)
	if err != nil {
		return a, err
	}
	a.ProtocolVersion, a.ReceiveBufferSize, a.SendBufferSize, a.MaxMessageSize, a.MaxChunkCount = p.u32(), p.u32(), p.u32(), p.u32(), p.u32()
	if err := p.end(); err != nil {
		return Acknowledge{}, err
	}
	if err := checkBuffers(TypeAcknowledge, a.ReceiveBufferSize, a.SendBufferSize); err != nil {
		return Acknowledge{}, err
	}
	return a, nil
}

// Negotiate returns the Acknowledge a server with the limits in server sends
// in answer to h (§7.1.2.4): each buffer size is revised down to what the
// client can take, and the protocol version to the lower of the two.
func Negotiate(h *Hello, server Acknowledge) Acknowledge {
	server.ReceiveBufferSize = min(server.ReceiveBufferSize, h.SendBufferSize)
	server.SendBufferSize = min(server.SendBufferSize, h.ReceiveBufferSize)
	server.ProtocolVersion = min(server.ProtocolVersion, h.ProtocolVersion)
	return server
}

// ClientLimits returns the limits a client's Sender must respect once the
// server's Acknowledge a has arrived: the server's ReceiveBufferSize,
// MaxMessageSize and MaxChunkCount.
func ClientLimits(a *Acknowledge) Limits {
	return Limits{ChunkSize: a.ReceiveBufferSize, MaxMessageSize: a.MaxMessageSize, MaxChunkCount: a.MaxChunkCount}
}

// ServerLimits returns the limits a server's Sender must respect: the
// client's MaxMessageSize and MaxChunkCount from h, and chunks no larger than
// the revised SendBufferSize in a.
func ServerLimits(h *Hello, a *Acknowledge) Limits {
	return Limits{ChunkSize: min(a.SendBufferSize, h.ReceiveBufferSize), MaxMessageSize: h.MaxMessageSize, MaxChunkCount: h.MaxChunkCount}
}

// ErrorMessage is the UA TCP Error message (§7.1.2.5) a server sends before
// closing the connection. It is also an error: Receiver.Receive returns a
// received ERR as an *ErrorMessage.
type ErrorMessage struct {
	// Code is the status code (Table 74 lists the usual ones).
	Code uint32
	// Reason describes the error; at most 4096 bytes.
	Reason string
}

// Append appends the whole ERR message to b; a Reason longer than 4096 bytes
// is an error and b is returned unchanged.
func (e *ErrorMessage) Append(b []byte) ([]byte, error) {
	if len(e.Reason) > MaxURLLength {
		return b, errorf(ErrMalformed, TypeError, -1, "reason of %d bytes, the limit is %d", len(e.Reason), MaxURLLength)
	}
	start := len(b)
	b = Header{Type: TypeError, Chunk: ChunkFinal}.Append(b)
	b = binary.LittleEndian.AppendUint32(b, e.Code)
	b = appendString(b, e.Reason)
	return setSize(b, start), nil
}

// ParseErrorMessage parses a whole ERR message.
func ParseErrorMessage(msg []byte) (ErrorMessage, error) {
	var e ErrorMessage
	p, err := newTCPParser(msg, TypeError)
	if err != nil {
		return e, err
	}
	e.Code = p.u32()
	reason := p.str(MaxURLLength, ErrMalformed)
	if err := p.end(); err != nil {
		return ErrorMessage{}, err
	}
	e.Reason = string(reason)
	return e, nil
}

// Error implements error: "chunk: peer error 0x80800000: reason".
func (e *ErrorMessage) Error() string {
	return fmt.Sprintf("chunk: peer error 0x%08X: %q", e.Code, e.Reason)
}

// Status returns Code.
func (e *ErrorMessage) Status() uint32 { return e.Code }

// ReverseHello is the UA TCP ReverseHello message a server sends when it
// opens the connection to a client (§7.1.2.6).
type ReverseHello struct {
	// ServerURI is the server's ApplicationUri; at most 4096 bytes.
	ServerURI string
	// EndpointURL is the URL the client uses in its Hello; at most 4096
	// bytes.
	EndpointURL string
}

// Append validates r and appends the whole RHE message to b.
func (r *ReverseHello) Append(b []byte) ([]byte, error) {
	if len(r.ServerURI) > MaxURLLength || len(r.EndpointURL) > MaxURLLength {
		return b, errorf(ErrEndpointURL, TypeReverseHello, -1, "server uri of %d bytes or endpoint url of %d bytes, the limit is %d", len(r.ServerURI), len(r.EndpointURL), MaxURLLength)
	}
	start := len(b)
	b = Header{Type: TypeReverseHello, Chunk: ChunkFinal}.Append(b)
	b = appendString(b, r.ServerURI)
	b = appendString(b, r.EndpointURL)
	return setSize(b, start), nil
}

// ParseReverseHello parses a whole RHE message.
func ParseReverseHello(msg []byte) (ReverseHello, error) {
	var r ReverseHello
	p, err := newTCPParser(msg, TypeReverseHello)
	if err != nil {
		return r, err
	}
	uri := p.str(MaxURLLength, ErrEndpointURL)
	url := p.str(MaxURLLength, ErrEndpointURL)
	if err := p.end(); err != nil {
		return ReverseHello{}, err
	}
	r.ServerURI, r.EndpointURL = string(uri), string(url)
	return r, nil
}

func checkBuffers(t MessageType, receive, send uint32) error {
	if receive < MinBufferSize || send < MinBufferSize {
		return errorf(ErrMalformed, t, -1, "ReceiveBufferSize %d and SendBufferSize %d must be at least %d", receive, send, MinBufferSize)
	}
	return nil
}

func appendUint32s(b []byte, vs ...uint32) []byte {
	for _, v := range vs {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return b
}

// setSize writes the MessageSize of the message that starts at b[start].
func setSize(b []byte, start int) []byte {
	binary.LittleEndian.PutUint32(b[start+4:], uint32(len(b)-start))
	return b
}

// tcpParser reads the body of a UA TCP message with a sticky error.
type tcpParser struct {
	b   []byte
	off int
	t   MessageType
	err error
}

func newTCPParser(msg []byte, t MessageType) (*tcpParser, error) {
	h, err := ParseHeader(msg)
	if err != nil {
		return nil, err
	}
	if h.Type != t {
		return nil, errorf(ErrMessageType, h.Type, 0, "expected %s", t)
	}
	if int64(h.Size) != int64(len(msg)) {
		return nil, errorf(ErrMalformed, t, 4, "message size %d, but %d bytes given", h.Size, len(msg))
	}
	return &tcpParser{b: msg, off: HeaderSize, t: t}, nil
}

func (p *tcpParser) u32() uint32 {
	if p.err != nil {
		return 0
	}
	if len(p.b)-p.off < 4 {
		p.err = errorf(ErrTruncated, p.t, p.off, "UInt32 needs 4 bytes, have %d", len(p.b)-p.off)
		return 0
	}
	v := binary.LittleEndian.Uint32(p.b[p.off:])
	p.off += 4
	return v
}

func (p *tcpParser) str(max int, tooLong error) []byte {
	if p.err != nil {
		return nil
	}
	if len(p.b)-p.off >= 4 {
		if n := int32(binary.LittleEndian.Uint32(p.b[p.off:])); int64(n) > int64(max) {
			p.err = errorf(tooLong, p.t, p.off, "string of %d bytes, the limit is %d", n, max)
			return nil
		}
	}
	s, off, err := parseString(p.b, p.off, max)
	if err != nil {
		e := err.(*Error)
		e.Type = p.t
		p.err = e
		return nil
	}
	p.off = off
	return s
}

func (p *tcpParser) end() error {
	if p.err == nil && p.off != len(p.b) {
		p.err = errorf(ErrMalformed, p.t, p.off, "%d trailing bytes", len(p.b)-p.off)
	}
	return p.err
}
