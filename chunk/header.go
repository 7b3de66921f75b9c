package chunk

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Sizes fixed by Part 6 §6.7.2 and §7.1.2.
const (
	// HeaderSize is the size of the UA TCP message header: MessageType (3
	// bytes), IsFinal (1 byte), MessageSize (UInt32).
	HeaderSize = 8
	// SecureHeaderSize is the size of the Secure Conversation message
	// header: the UA TCP header followed by SecureChannelId (UInt32).
	SecureHeaderSize = 12
	// SymmetricHeaderSize is the size of the symmetric security header of
	// MSG and CLO chunks: TokenId (UInt32).
	SymmetricHeaderSize = 4
	// SequenceHeaderSize is the size of the sequence header:
	// SequenceNumber and RequestId (UInt32 each).
	SequenceHeaderSize = 8
	// MinBufferSize is the smallest ReceiveBufferSize or SendBufferSize, and
	// so the smallest chunk size, a peer may announce (§7.1.2.3).
	MinBufferSize = 8192
	// MaxURLLength is the largest EndpointUrl, ServerUri, error Reason and
	// SecurityPolicyUri accepted, in bytes (§7.1.2.3, §6.7.3).
	MaxURLLength = 4096
)

// MessageType is the three-letter type of a UA TCP message or Secure
// Conversation chunk. The zero value is not a valid type.
type MessageType uint8

// The message types of UA TCP (§7.1.2) and Secure Conversation (§6.7.2.2).
const (
	TypeHello        MessageType = iota + 1 // HEL, UA TCP Hello
	TypeAcknowledge                         // ACK, UA TCP Acknowledge
	TypeError                               // ERR, UA TCP Error
	TypeReverseHello                        // RHE, UA TCP ReverseHello
	TypeOpen                                // OPN, OpenSecureChannel (asymmetric security)
	TypeMessage                             // MSG, a service message (symmetric security)
	TypeClose                               // CLO, CloseSecureChannel (symmetric security)
)

var typeNames = [...]string{"", "HEL", "ACK", "ERR", "RHE", "OPN", "MSG", "CLO"}

// String returns the three ASCII letters of t, or "MessageType(n)".
func (t MessageType) String() string {
	if int(t) < len(typeNames) && t != 0 {
		return typeNames[t]
	}
	return fmt.Sprintf("MessageType(%d)", uint8(t))
}

// Secure reports whether t is a Secure Conversation type (OPN, MSG, CLO),
// whose header carries a SecureChannelId.
func (t MessageType) Secure() bool { return t >= TypeOpen && t <= TypeClose }

// HeaderSize returns the size of t's message header: SecureHeaderSize for
// Secure Conversation types, HeaderSize otherwise.
func (t MessageType) HeaderSize() int {
	if t.Secure() {
		return SecureHeaderSize
	}
	return HeaderSize
}

// messageType decodes the three type letters; 0 if they name no type.
func messageType(b0, b1, b2 byte) MessageType {
	for t := TypeHello; t <= TypeClose; t++ {
		n := typeNames[t]
		if n[0] == b0 && n[1] == b1 && n[2] == b2 {
			return t
		}
	}
	return 0
}

// ChunkType is the IsFinal byte of a message header.
type ChunkType byte

// The chunk types (§6.7.2.2). Only MSG chunks may be intermediate or abort
// chunks; every other message is a single final chunk.
const (
	ChunkFinal        ChunkType = 'F' // the final (or only) chunk of a message
	ChunkIntermediate ChunkType = 'C' // an intermediate chunk
	ChunkAbort        ChunkType = 'A' // the sender aborts the message
)

// Header is the message header of a UA TCP message or Secure Conversation
// chunk.
type Header struct {
	// Type is the message type.
	Type MessageType
	// Chunk is the IsFinal byte.
	Chunk ChunkType
	// Size is MessageSize: the length of the whole chunk in bytes, this
	// header included.
	Size uint32
	// ChannelID is the SecureChannelId; present on the wire only for OPN,
	// MSG and CLO.
	ChannelID uint32
}

// Append appends the 8-byte (UA TCP) or 12-byte (Secure Conversation) header
// to b. It does not validate h; the Append methods of the messages and
// Sender do.
func (h Header) Append(b []byte) []byte {
	name := "\x00\x00\x00"
	if h.Type != 0 && int(h.Type) < len(typeNames) {
		name = typeNames[h.Type]
	}
	b = append(b, name[0], name[1], name[2], byte(h.Chunk))
	b = binary.LittleEndian.AppendUint32(b, h.Size)
	if h.Type.Secure() {
		b = binary.LittleEndian.AppendUint32(b, h.ChannelID)
	}
	return b
}

// ParseHeader parses the message header at the start of b: 8 bytes, plus
// the SecureChannelId for OPN, MSG and CLO. It checks that the type is known,
// that the chunk type is F (or C or A for MSG) and that Size is at least the
// header size; it does not compare Size with len(b) (see ReadChunk and
// Receiver.Receive for that).
func ParseHeader(b []byte) (Header, error) {
	h, err := parseHeader8(b)
	if err != nil {
		return Header{}, err
	}
	if h.Type.Secure() {
		if len(b) < SecureHeaderSize {
			return Header{}, errorf(ErrTruncated, h.Type, len(b), "secure conversation header needs %d bytes, have %d", SecureHeaderSize, len(b))
		}
		h.ChannelID = binary.LittleEndian.Uint32(b[8:12])
	}
	return h, nil
}

// parseHeader8 parses and checks the first 8 bytes of a message header.
func parseHeader8(b []byte) (Header, error) {
	if len(b) < HeaderSize {
		return Header{}, errorf(ErrTruncated, 0, len(b), "message header needs %d bytes, have %d", HeaderSize, len(b))
	}
	h := Header{
		Type:  messageType(b[0], b[1], b[2]),
		Chunk: ChunkType(b[3]),
		Size:  binary.LittleEndian.Uint32(b[4:8]),
	}
	if h.Type == 0 {
		return Header{}, errorf(ErrMessageType, 0, 0, "unknown message type %q", b[0:3])
	}
	switch h.Chunk {
	case ChunkFinal:
	case ChunkIntermediate, ChunkAbort:
		if h.Type != TypeMessage {
			return Header{}, errorf(ErrMessageType, h.Type, 3, "chunk type %q is only allowed on MSG", b[3])
		}
	default:
		return Header{}, errorf(ErrMessageType, h.Type, 3, "unknown chunk type %q", b[3])
	}
	hs := h.Type.HeaderSize()
	if h.Size < uint32(hs) {
		return Header{}, errorf(ErrTruncated, h.Type, 4, "message size %d is smaller than the %d-byte header", h.Size, hs)
	}
	return h, nil
}

// SequenceHeader is the sequence header that follows the security header of
// every Secure Conversation chunk (§6.7.2.4).
type SequenceHeader struct {
	// SequenceNumber goes up by one for every chunk sent on the channel.
	SequenceNumber uint32
	// RequestID identifies the request; a response carries its request's id.
	RequestID uint32
}

// Append appends the 8-byte sequence header to b.
func (s SequenceHeader) Append(b []byte) []byte {
	b = binary.LittleEndian.AppendUint32(b, s.SequenceNumber)
	return binary.LittleEndian.AppendUint32(b, s.RequestID)
}

// ParseSequenceHeader parses a sequence header from the first 8 bytes of b.
func ParseSequenceHeader(b []byte) (SequenceHeader, error) {
	if len(b) < SequenceHeaderSize {
		return SequenceHeader{}, errorf(ErrTruncated, 0, len(b), "sequence header needs %d bytes, have %d", SequenceHeaderSize, len(b))
	}
	return SequenceHeader{binary.LittleEndian.Uint32(b), binary.LittleEndian.Uint32(b[4:])}, nil
}

// AsymmetricHeader is the asymmetric security header of OPN chunks
// (§6.7.2.3).
type AsymmetricHeader struct {
	// SecurityPolicyURI names the security policy.
	SecurityPolicyURI string
	// SenderCertificate is the sender's DER certificate, or its chain with
	// the leaf first; nil (a null ByteString) with policy None.
	SenderCertificate []byte
	// ReceiverCertificateThumbprint is the SHA-1 of the receiver's DER leaf
	// certificate (20 bytes); nil with policy None.
	ReceiverCertificateThumbprint []byte
}

// Size returns the encoded size of h.
func (h *AsymmetricHeader) Size() int {
	return 12 + len(h.SecurityPolicyURI) + len(h.SenderCertificate) + len(h.ReceiverCertificateThumbprint)
}

// Append appends h to b. The URI is written as a String, the certificate
// and thumbprint as ByteStrings (nil as null, length -1).
func (h *AsymmetricHeader) Append(b []byte) ([]byte, error) {
	if len(h.SecurityPolicyURI) > MaxURLLength {
		return b, errorf(ErrPolicy, TypeOpen, -1, "security policy uri of %d bytes", len(h.SecurityPolicyURI))
	}
	if len(h.SenderCertificate) > math.MaxInt32 {
		return b, errorf(ErrMalformed, TypeOpen, -1, "sender certificate too long")
	}
	b = appendString(b, h.SecurityPolicyURI)
	b = appendByteString(b, h.SenderCertificate)
	return appendByteString(b, h.ReceiverCertificateThumbprint), nil
}

// ParseAsymmetricHeader parses an asymmetric security header from the start
// of b and returns it with the number of bytes it took. The certificate and
// thumbprint alias b. The URI is limited to MaxURLLength bytes and the
// thumbprint to 20 bytes.
func ParseAsymmetricHeader(b []byte) (AsymmetricHeader, int, error) {
	var h AsymmetricHeader
	uri, n, err := parseString(b, 0, MaxURLLength)
	if err != nil {
		return h, 0, err
	}
	h.SecurityPolicyURI = string(uri)
	cert, n, err := parseString(b, n, len(b))
	if err != nil {
		return h, 0, err
	}
	h.SenderCertificate = cert
	thumb, n, err := parseString(b, n, 20)
	if err != nil {
		return h, 0, err
	}
	h.ReceiverCertificateThumbprint = thumb
	return h, n, nil
}

// appendString appends an OPC UA String: Int32 length, then the bytes; ""
// is written as a null String (length -1), as the rest of uabin does.
func appendString(b []byte, s string) []byte {
	if s == "" {
		return binary.LittleEndian.AppendUint32(b, math.MaxUint32)
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(len(s)))
	return append(b, s...)
}

// appendByteString appends an OPC UA ByteString; nil is written as null.
func appendByteString(b []byte, s []byte) []byte {
	if s == nil {
		return binary.LittleEndian.AppendUint32(b, math.MaxUint32)
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(len(s)))
	return append(b, s...)
}

// parseString parses a String or ByteString at b[off:] of at most max bytes
// and returns its bytes (nil for null, aliasing b otherwise) and the offset
// after it.
func parseString(b []byte, off, max int) ([]byte, int, error) {
	if len(b)-off < 4 {
		return nil, 0, errorf(ErrTruncated, 0, off, "string length needs 4 bytes, have %d", len(b)-off)
	}
	n := int32(binary.LittleEndian.Uint32(b[off:]))
	off += 4
	switch {
	case n == -1:
		return nil, off, nil
	case n < -1:
		return nil, 0, errorf(ErrMalformed, 0, off-4, "string length %d", n)
	case int64(n) > int64(max):
		return nil, 0, errorf(ErrMalformed, 0, off-4, "string length %d above the limit %d", n, max)
	case int(n) > len(b)-off:
		return nil, 0, errorf(ErrTruncated, 0, off-4, "string length %d, %d bytes left", n, len(b)-off)
	}
	return b[off : off+int(n) : off+int(n)], off + int(n), nil
}
